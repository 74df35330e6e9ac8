#!/usr/bin/env bash
# Recovery (CTest cli.recovery, label cli): one broken game never damages another, and every
# game read is counted. The valid games of the bundled sample (validate --accepted, then
# convert) are laid out in blocks of four; the second game of each block gets one random
# defect: an unterminated comment or variation, a stray `)`, a lost result, prose before it,
# a tag line without its end, a NUL byte, a Latin-1 comment, an unknown token, its movetext
# cut short, a tag line inside its movetext, a comment over the 1 MiB kept limit, 1-49
# unclosed `(`; or a change that is no defect: CR-only or CRLF line ends, no blank line after
# its tags, an escape line, a byte-order mark. Then `validate --format json` must
#  * count exactly the games laid out (prose between games is no game);
#  * report nothing above a note in the other three games of every block;
#  * report at least one warning or error in every damaged game (one unexpected-text, outside
#    any game, for the prose; the Latin-1 comments in the file's one encoding report, which
#    counts the games that are not UTF-8);
#  * print the same with --jobs 1 and --jobs 3.
#
#   tests/cli/recovery.sh PGNKIT [BLOCKS] [SEED]
#
# Prints "PASS name" or "FAIL name: why"; exits 1 if any check failed.
set -uo pipefail

if [[ $# -lt 1 || ! -x $1 ]]; then
    echo "usage: $0 PGNKIT [BLOCKS] [SEED]" >&2
    exit 2
fi
pgnkit=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
blocks=${2:-400}
seed=${3:-20261201}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
command -v perl >/dev/null || { echo "recovery.sh: perl is needed" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-recovery.XXXXXX") || exit 2
trap '[[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
cd "$work" || exit 2

"$pgnkit" validate -q --no-progress --accepted accepted.pgn "$root/data/sample.pgn.zst" >/dev/null
"$pgnkit" convert --no-progress accepted.pgn >clean.pgn 2>/dev/null

# Lays out the blocks (damaged.pgn) and what each damaged game must show (expected.tsv:
# game number, kind, 1 if a diagnostic is required; then a line "games N" and "prose N").
perl - "$blocks" "$seed" clean.pgn damaged.pgn expected.tsv <<'PERL'
use strict;
use warnings;
my ($blocks, $seed, $in, $out, $exp) = @ARGV;
srand($seed);
local $/;
open(my $fh, '<:raw', $in) or die;
my $text = <$fh>;
close $fh;
$text =~ s/\n+\z//;
my @games = map { "$_\n" } split /\n\n(?=\[Event )/, $text;
# Positions in the movetext where a token may start: blanks outside comments, before the
# termination marker.
sub spots {
    my ($g) = @_;
    my $s = index($g, "\n\n") + 2;
    my $end = length($g);
    $end = $-[0] if $g =~ /\s(?:1-0|0-1|1\/2-1\/2|\*)\s*\z/;
    my @p;
    my $depth = 0;
    for my $i ($s .. $end - 1) {
        my $c = substr($g, $i, 1);
        if ($c eq '{') { $depth = 1 }
        elsif ($c eq '}') { $depth = 0 }
        elsif ($depth == 0 && ($c eq ' ' || $c eq "\n")) { push @p, $i }
    }
    return @p ? @p : ($end);
}
my @kinds = qw(open-comment open-variation close-paren no-result prose broken-tag nul
               latin1-comment bad-token cut tag-in-movetext long-comment nested-open
               cr-only crlf no-blank-after-tags escape-line bom);
my (@out, @expected);
my ($number, $prose) = (0, 0);
for my $blk (0 .. $blocks - 1) {
    my @block = map { $games[($blk * 4 + $_) % @games] } 0 .. 3;
    my $kind = $kinds[int(rand(@kinds))];
    my $g = $block[1];
    my $s = index($g, "\n\n") + 2;
    my @p = spots($g);
    # An opening `{` or `(` goes after the game's last `}` and `)`, which would close it.
    if ($kind =~ /^(?:open-comment|open-variation|nested-open)$/) {
        my $last = (sort { $b <=> $a } rindex($g, '}'), rindex($g, ')'))[0];
        @p = grep { $_ > $last } @p;
        @p = (length($g) - 1) unless @p;
    }
    my $p = $p[int(rand(@p))];
    my $must = 1;
    if ($kind eq 'open-comment') { substr($g, $p, 0) = ' { never closed' }
    elsif ($kind eq 'open-variation') { substr($g, $p, 0) = ' ( 1. e4 e5' }
    elsif ($kind eq 'close-paren') { substr($g, $p, 0) = ' )' }
    elsif ($kind eq 'no-result') { $g =~ s/\s(?:1-0|0-1|1\/2-1\/2|\*)\s*\z/\n/ }
    elsif ($kind eq 'prose') { $g = "This game was played in the last round.\nIt was a good one.\n\n$g"; $prose++ }
    elsif ($kind eq 'broken-tag') {
        my @lines = split /\n/, substr($g, 0, $s - 2);
        my $k = int(rand(@lines));
        $lines[$k] =~ s/"\]\s*\z//;
        $g = join("\n", @lines) . "\n\n" . substr($g, $s);
    }
    elsif ($kind eq 'nul') { substr($g, $p, 0) = " \0 " }
    elsif ($kind eq 'latin1-comment') { substr($g, $p, 0) = " {caf\xe9}" }
    elsif ($kind eq 'bad-token') { substr($g, $p, 0) = ' Zz9' }
    elsif ($kind eq 'cut') { $g = substr($g, 0, $p) . "\n" }
    elsif ($kind eq 'tag-in-movetext') {
        my $q = index($g, "\n", $s);
        if ($q < 0 || $q >= length($g) - 1) { $must = 0 } else { substr($g, $q + 1, 0) = "[Annotator \"x\"]\n" }
    }
    elsif ($kind eq 'long-comment') { substr($g, $p, 0) = ' {' . ('x' x (3 << 19)) . '}' }
    elsif ($kind eq 'nested-open') { substr($g, $p, 0) = (' (' x (1 + int(rand(49)))) . ' e4' }
    elsif ($kind eq 'cr-only') { $g =~ s/\n/\r/g; $must = 0 }
    elsif ($kind eq 'crlf') { $g =~ s/\n/\r\n/g; $must = 0 }
    elsif ($kind eq 'no-blank-after-tags') { substr($g, $s - 1, 1) = ''; $must = 0 }
    elsif ($kind eq 'escape-line') { my $q = index($g, "\n", $s); substr($g, $q + 1, 0) = "% escaped\n" if $q >= 0; $must = 0 }
    elsif ($kind eq 'bom') { $g = "\xEF\xBB\xBF$g"; $must = 0 }
    $block[1] = $g;
    if ($ENV{KEEP}) { open(my $k, '>:raw', sprintf('game-%d.pgn', $number + 2)) or die; print $k $g; close $k }
    push @out, @block;
    push @expected, join("\t", $number + 2, $kind, $must);
    $number += 4;
}
open(my $o, '>:raw', $out) or die;
print $o join("\n", @out);
close $o;
open(my $e, '>', $exp) or die;
print $e "$_\n" for @expected;
print $e "games $number\nprose $prose\n";
close $e;
PERL

passed=0 failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

"$pgnkit" validate --format json --no-progress --no-timing -j1 damaged.pgn >j1.json
"$pgnkit" validate --format json --no-progress --no-timing -j3 damaged.pgn >j3.json
if cmp -s j1.json j3.json; then pass "same-for-jobs-1-and-3"; else fail "same-for-jobs-1-and-3" "outputs differ"; fi

# The checks over validate's JSON and expected.tsv.
report=$(perl - expected.tsv j1.json <<'PERL'
use strict;
use warnings;
my ($exp, $json) = @ARGV;
my (%kind, %must, $games, $prose);
open(my $e, '<', $exp) or die;
while (<$e>) {
    chomp;
    if (/^games (\d+)/) { $games = $1; next }
    if (/^prose (\d+)/) { $prose = $1; next }
    my ($g, $k, $m) = split /\t/;
    $kind{$g} = $k;
    $must{$g} = $m;
}
my (%seen, @problems, $summary_games);
my ($outside, $latin1) = (0, 0);
open(my $j, '<', $json) or die;
while (<$j>) {
    if (/^\{"summary":\{"files":\d+,"games":(\d+)/) { $summary_games = $1; next }
    my ($g) = /"game":(\d+|null)/; # null: text outside any game
    $g = 0 if defined $g && $g eq 'null';
    my ($sev) = /"severity":"(\w+)"/;
    my ($code) = /"code":"([a-z-]+)"/;
    next if !defined $sev || $sev eq 'info';
    # Encoding: one report per file, for all its games that are not UTF-8 (games_affected).
    if ($code eq 'encoding' && /"games_affected":(\d+)/) {
        $latin1 += $1;
        next;
    }
    if ($g == 0) {
        push @problems, "a $code outside any game" if $code ne 'unexpected-text';
        $outside++;
        next;
    }
    if (!exists $kind{$g}) {
        push @problems, "game $g (undamaged) reports $code";
        next;
    }
    $seen{$g} = 1;
}
push @problems, "summary counts " . ($summary_games // 'no') . " games, $games laid out"
    if !defined $summary_games || $summary_games != $games;
push @problems, "$outside reports outside games, $prose prose blocks" if $outside != $prose;
my $latin1_damaged = grep { $_ eq 'latin1-comment' } values %kind;
push @problems, "$latin1_damaged Latin-1 comments laid out, the encoding report counts $latin1"
    if $latin1 < $latin1_damaged;
for my $g (sort { $a <=> $b } keys %kind) {
    next if $kind{$g} eq 'prose' || $kind{$g} eq 'latin1-comment';
    push @problems, "damaged game $g ($kind{$g}) reports nothing" if $must{$g} && !$seen{$g};
}
print join("\n", @problems[0 .. ($#problems < 9 ? $#problems : 9)]), "\n" if @problems;
PERL
)
if [[ -z $report ]]; then
    pass "broken-games-stay-apart ($(tail -2 expected.tsv | tr '\n' ' '))"
else
    fail "broken-games-stay-apart" "$report"
fi

echo "recovery: $passed passed, $failed failed"
((failed == 0))
