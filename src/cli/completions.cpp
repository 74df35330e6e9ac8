// pgnkit completions SHELL: a completion script for bash, zsh or fish, generated from the
// CLI11 definitions of the commands, so that a new command or option completes without
// anyone editing a script. Walks the App tree once into a plain description (Command,
// Option, Values), then one writer per shell prints that description in the shell's terms.

#include "commands.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::cli {
namespace {

/// What the shell offers for an option's argument or a positional argument.
struct Values {
    enum class Kind { Files, Choices, Free };
    Kind kind = Kind::Files;
    std::vector<std::string> choices; // Kind::Choices
    std::string name = "TEXT";        // the type name of `--help`: FILE, N, CODE …
};

struct Option {
    std::vector<std::string> names; // "-f", "--format"
    std::string description;
    bool takes_value = false;
    bool repeatable = false;
    Values values;
};

struct Command {
    std::string name; // empty: the top level
    std::string description;
    std::vector<Option> options;
    bool has_positional = false;
    Values positional;
};

/// The allowed values CLI11 knows: an IsMember check describes itself as "{a,b,c}" (CLI11
/// 2.1 keeps the set itself private). Otherwise the type name says: FILE, or the generic TEXT
/// (a path, as often as not), complete as file names; INT, N, CODE, TAG … offer nothing.
Values values_of(CLI::Option& opt) {
    Values v;
    const std::string type = opt.get_type_name();
    v.name = type.substr(0, type.find(':'));
    for (int i = 0;; ++i) {
        const CLI::Validator* check = nullptr;
        try {
            check = opt.get_validator(i);
        } catch (const CLI::OptionNotFound&) {
            break;
        }
        const std::string desc = check->get_description();
        if (desc.size() >= 2 && desc.front() == '{' && desc.back() == '}' &&
            desc.find("->") == std::string::npos) {
            v.kind = Values::Kind::Choices;
            std::string_view rest(desc.data() + 1, desc.size() - 2);
            while (!rest.empty()) {
                const auto comma = rest.find(',');
                v.choices.emplace_back(rest.substr(0, comma));
                rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
            }
            return v;
        }
    }
    if (v.name != "FILE" && v.name != "TEXT") v.kind = Values::Kind::Free;
    return v;
}

Command describe(CLI::App& app, std::string name) {
    Command cmd{std::move(name), app.get_description(), {}, false, {}};
    for (CLI::Option* opt : app.get_options({})) {
        if (opt->nonpositional()) {
            Option o;
            for (const std::string& s : opt->get_snames()) o.names.push_back("-" + s);
            for (const std::string& l : opt->get_lnames()) o.names.push_back("--" + l);
            o.description = opt->get_description();
            o.takes_value = opt->get_items_expected_max() > 0;
            o.repeatable = opt->get_items_expected_max() > 1 ||
                           opt->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll;
            if (o.takes_value) o.values = values_of(*opt);
            cmd.options.push_back(std::move(o));
        } else if (opt->get_positional()) {
            cmd.has_positional = true;
            cmd.positional = values_of(*opt);
        }
    }
    return cmd;
}

/// The top level first (its positional: a command), then every command in the order of
/// `pgnkit --help`.
std::vector<Command> describe_all(CLI::App& app) {
    std::vector<Command> all{describe(app, "")};
    Values commands{Values::Kind::Choices, {}};
    for (CLI::App* sub : app.get_subcommands({})) {
        all.push_back(describe(*sub, sub->get_name()));
        commands.choices.push_back(sub->get_name());
    }
    all.front().has_positional = true;
    all.front().positional = std::move(commands);
    return all;
}

std::string join(const std::vector<std::string>& words, std::string_view sep = " ") {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : std::string(sep)) + w;
    return out;
}

/// A POSIX single-quoted word (bash, zsh).
std::string sh_quote(std::string_view s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

/// A fish single-quoted word: \ and ' are escaped with a backslash.
std::string fish_quote(std::string_view s) {
    std::string out = "'";
    for (char c : s) {
        if (c == '\\' || c == '\'') out += '\\';
        out += c;
    }
    return out + "'";
}

/// A description on one line (for the shells' menus).
std::string one_line(std::string_view d) {
    std::string out;
    for (char c : d) out += c == '\n' || c == '\t' ? ' ' : c;
    return out;
}

std::string header(std::string_view shell) {
    return fmt::format(
        "# {} completion for pgnkit {}: generated by `pgnkit completions {}` from the\n"
        "# command-line definitions; regenerate it rather than edit it.\n",
        shell, PGNKIT_VERSION, shell);
}

std::string bash_script(const std::vector<Command>& all) {
    std::string s = header("bash");
    s += "_pgnkit() {\n"
         "    local cur=${COMP_WORDS[COMP_CWORD]} prev='' cmd='' i\n"
         "    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
         "    # --option=value: bash splits the word at '=' (COMP_WORDBREAKS).\n"
         "    if [[ $cur == = ]]; then\n"
         "        cur=''\n"
         "    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then\n"
         "        prev=${COMP_WORDS[COMP_CWORD - 2]}\n"
         "    fi\n"
         "    # The command: the first word that is no option (top-level options take no value).\n"
         "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "        case ${COMP_WORDS[i]} in\n"
         "        -*) ;;\n"
         "        *) cmd=${COMP_WORDS[i]}; break ;;\n"
         "        esac\n"
         "    done\n"
         "    local opts='' words='' files=0\n"
         "    case $cmd in\n";
    for (const Command& c : all) {
        std::vector<std::string> names;
        for (const Option& o : c.options) names.insert(names.end(), o.names.begin(), o.names.end());
        s += fmt::format("    {}) opts={}", c.name.empty() ? "''" : sh_quote(c.name),
                         sh_quote(join(names)));
        if (c.has_positional) {
            if (c.positional.kind == Values::Kind::Choices)
                s += " words=" + sh_quote(join(c.positional.choices));
            else if (c.positional.kind == Values::Kind::Files)
                s += " files=1";
        }
        s += " ;;\n";
    }
    s += "    *) return 0 ;;\n"
         "    esac\n"
         "    # The argument of an option.\n"
         "    case $cmd:$prev in\n";
    for (const Command& c : all) {
        for (const Option& o : c.options) {
            if (!o.takes_value) continue;
            std::vector<std::string> arms;
            for (const std::string& n : o.names) arms.push_back(sh_quote(c.name + ":" + n));
            s += "    " + join(arms, " | ") + ")\n        ";
            switch (o.values.kind) {
            case Values::Kind::Choices:
                s += "mapfile -t COMPREPLY < <(compgen -W " + sh_quote(join(o.values.choices)) +
                     " -- \"$cur\")";
                break;
            case Values::Kind::Files:
                s += "compopt -o filenames 2>/dev/null\n"
                     "        mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")";
                break;
            case Values::Kind::Free: s += "COMPREPLY=()"; break;
            }
            s += "\n        return 0 ;;\n";
        }
    }
    s += "    esac\n"
         "    if [[ $cur == -* ]]; then\n"
         "        mapfile -t COMPREPLY < <(compgen -W \"$opts\" -- \"$cur\")\n"
         "    elif [[ -n $words ]]; then\n"
         "        mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"$cur\")\n"
         "    elif ((files)); then\n"
         "        compopt -o filenames 2>/dev/null\n"
         "        mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")\n"
         "    fi\n"
         "    return 0\n"
         "}\n"
         "complete -F _pgnkit pgnkit\n";
    return s;
}

/// A zsh _arguments description: [ ] : \ $ and ` are escaped (as clap_complete does).
std::string zsh_escape(std::string_view d) {
    std::string out;
    for (char c : one_line(d)) {
        if (c == '[' || c == ']' || c == ':' || c == '\\' || c == '$' || c == '`') out += '\\';
        out += c;
    }
    return out;
}

std::string zsh_action(const Values& v) {
    switch (v.kind) {
    case Values::Kind::Choices: return "(" + join(v.choices) + ")";
    case Values::Kind::Files: return "_files";
    case Values::Kind::Free: return " ";
    }
    return " ";
}

std::string zsh_arguments(const Command& c, std::string_view indent) {
    std::string s;
    for (const Option& o : c.options) {
        // A help or version option excludes everything else; others exclude their aliases.
        const bool final = o.names.back() == "--help" || o.names.back() == "--version";
        std::string exclude = final ? "(- *)" : o.repeatable ? "*" : "(" + join(o.names) + ")";
        std::string names = o.names.size() == 1 ? o.names.front() : "{" + join(o.names, ",") + "}";
        std::string spec = "[" + zsh_escape(o.description) + "]";
        if (o.takes_value) {
            spec += ":" + zsh_escape(o.values.name) + ":" + zsh_action(o.values);
        }
        if (o.names.size() == 1)
            s += fmt::format("{}{} \\\n", indent, sh_quote(exclude + names + spec));
        else
            s += fmt::format("{}{}{}{} \\\n", indent, sh_quote(exclude), names, sh_quote(spec));
    }
    if (c.has_positional) {
        s += fmt::format("{}{} \\\n", indent, sh_quote("*:argument:" + zsh_action(c.positional)));
    }
    return s;
}

std::string zsh_script(const std::vector<Command>& all) {
    std::string s = "#compdef pgnkit\n" + header("zsh");
    s += "_pgnkit() {\n"
         "    local curcontext=$curcontext state line ret=1\n"
         "    typeset -A opt_args\n"
         "    _arguments -C \\\n";
    Command top = all.front();
    top.has_positional = false;
    s += zsh_arguments(top, "        ");
    s += "        '1:command:->command' \\\n"
         "        '*::argument:->argument' && ret=0\n"
         "    case $state in\n"
         "    command)\n"
         "        local -a commands=(\n";
    for (std::size_t i = 1; i < all.size(); ++i) {
        std::string d = one_line(all[i].description);
        s += "            " + sh_quote(all[i].name + ":" + d) + "\n";
    }
    s += "        )\n"
         "        _describe -t commands 'pgnkit command' commands && ret=0\n"
         "        ;;\n"
         "    argument)\n"
         "        curcontext=${curcontext%:*:*}:pgnkit-$line[1]:\n"
         "        case $line[1] in\n";
    for (std::size_t i = 1; i < all.size(); ++i) {
        s += "        " + sh_quote(all[i].name) + ")\n            _arguments -s -S \\\n";
        s += zsh_arguments(all[i], "                ");
        s += "                && ret=0\n            ;;\n";
    }
    s += "        esac\n"
         "        ;;\n"
         "    esac\n"
         "    return ret\n"
         "}\n"
         "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n"
         "    _pgnkit \"$@\"\n"
         "else\n"
         "    compdef _pgnkit pgnkit\n"
         "fi\n";
    return s;
}

std::string fish_script(const std::vector<Command>& all) {
    std::string s = header("fish");
    s += "complete -c pgnkit -f\n";
    for (const Command& c : all) {
        const std::string cond =
            c.name.empty() ? "__fish_use_subcommand" : "__fish_seen_subcommand_from " + c.name;
        const std::string head = "complete -c pgnkit -n " + fish_quote(cond);
        if (c.name.empty()) {
            for (std::size_t i = 1; i < all.size(); ++i)
                s += fmt::format("{} -a {} -d {}\n", head, fish_quote(all[i].name),
                                 fish_quote(one_line(all[i].description)));
        } else if (c.has_positional) {
            if (c.positional.kind == Values::Kind::Choices)
                s += fmt::format("{} -a {}\n", head, fish_quote(join(c.positional.choices)));
            else if (c.positional.kind == Values::Kind::Files)
                s += head + " -F\n";
        }
        for (const Option& o : c.options) {
            std::string line = head;
            for (const std::string& n : o.names)
                line +=
                    (n.rfind("--", 0) == 0 ? " -l " : " -s ") + n.substr(n.find_first_not_of('-'));
            if (o.takes_value) {
                switch (o.values.kind) {
                case Values::Kind::Choices:
                    line += " -x -a " + fish_quote(join(o.values.choices));
                    break;
                case Values::Kind::Files: line += " -r -F"; break;
                case Values::Kind::Free: line += " -x"; break;
                }
            }
            s += line + " -d " + fish_quote(one_line(o.description)) + "\n";
        }
    }
    return s;
}

} // namespace

void add_completions(CLI::App& app, Runner& run) {
    auto shell = std::make_shared<std::string>();
    auto* cmd = app.add_subcommand(
        "completions", "Print a completion script for bash, zsh or fish (see man pgnkit)");
    cmd->add_option("shell", *shell, "bash, zsh or fish")
        ->required()
        ->check(CLI::IsMember({"bash", "zsh", "fish"}));
    cmd->callback([&app, &run, shell] {
        run = [&app, shell] {
            const std::vector<Command> all = describe_all(app);
            const std::string script = *shell == "bash"  ? bash_script(all)
                                       : *shell == "zsh" ? zsh_script(all)
                                                         : fish_script(all);
            std::fputs(script.c_str(), stdout);
            return std::fflush(stdout) == 0 ? ExitOk : ExitError;
        };
    });
}

} // namespace pgnkit::cli
