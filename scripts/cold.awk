# Used by scripts/instr.sh -c. Self instructions per address from a callgrind file made with
# --dump-instr=yes, summed over the address ranges of the first file (lines "start size name",
# start and size in hex): prints "count name" per range executed, then "count TOTAL" for all.
# (mawk has no strtonum: hex() below.)
function hex(s,    i, c, v) {
    v = 0
    s = tolower(s)
    sub(/^0x/, "", s)
    for (i = 1; i <= length(s); ++i) {
        c = index("0123456789abcdef", substr(s, i, 1)) - 1
        v = v * 16 + c
    }
    return v
}
function pos(tok, prev) {
    if (tok == "*") return prev
    if (tok ~ /^\+/) return prev + substr(tok, 2)
    if (tok ~ /^-/) return prev - substr(tok, 2)
    return hex(tok)
}
FNR == NR { lo[++n] = hex($1); hi[n] = lo[n] + hex($2); $1 = ""; $2 = ""; name[n] = substr($0, 3); next }
/^calls=/ { skip = 1; next }
/^[0-9+*-]/ {
    a = pos($1, addr)
    if ($2 != "") line = pos($2, line)
    addr = a
    if (skip) { skip = 0; next }
    if (NF < 3) next
    total += $3
    for (k = 1; k <= n; ++k) if (a >= lo[k] && a < hi[k]) { got[k] += $3; break }
}
END {
    for (k = 1; k <= n; ++k) if (got[k] > 0) printf "%d %s\n", got[k], name[k]
    printf "%d TOTAL\n", total
}
