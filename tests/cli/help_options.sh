# Sourced by the shell tests that check something against every command and option: reads them
# from the binary's own --help, so that a new command or option is checked without editing a
# list. Needs $pgnkit.

# The commands, one a line, from the Subcommands section of `pgnkit --help`.
help_commands() {
    "$pgnkit" --help | awk '/^Subcommands:/ { s = 1; next } s && /^$/ { exit } s && /^  [a-z]/ { print $1 }'
}

# The options of a command's --help (the top level's with no command): one line per option,
# its names separated by blanks, then a tab and its allowed values separated by blanks (empty
# unless the type shows a set: TEXT:{text,json}).
help_options() {
    "$pgnkit" "$@" --help | awk '
        /^Options:/ { s = 1; next }
        s && /^$/ { exit }
        s && /^  -/ {
            names = $1; gsub(",", " ", names)
            values = ""
            if (match($2, /\{[^}]*\}/)) {
                values = substr($2, RSTART + 1, RLENGTH - 2); gsub(",", " ", values)
            }
            print names "\t" values
        }'
}
