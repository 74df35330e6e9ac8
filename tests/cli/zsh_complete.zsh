# zsh -f tests/cli/zsh_complete.zsh DIR LINE: the matches zsh's completion system offers when
# Tab is pressed at the end of LINE, one per line (sorted), with the completion functions of DIR
# first in fpath. Runs an interactive zsh on a pseudo-terminal (zsh/zpty), where compadd is
# wrapped to print every match it is given; the completion's end prints <PK-END>. Waits for it
# without a limit: run it under `timeout`. Used by tests/cli/completions.sh.
zmodload zsh/zpty || exit 3
zpty pk zsh -f -i
zpty -w pk "PS1='' PROMPT='' RPROMPT='' fpath=(${(q)1} \$fpath)"
zpty -w pk 'autoload -Uz compinit && compinit -u -D'
zpty -w pk 'pk_hook() { compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
  local -a pk_hits; builtin compadd -A pk_hits "$@"
  local h; for h in $pk_hits; do print -rn -- $'"'"'\n'"'"'"<PK>$h</PK>"; done
  builtin compadd "$@"; } }'
zpty -w pk 'pk_done() { compstate[insert]=""; compstate[list]=""; print -rn -- $'"'"'\n'"'"'"<PK-""END>"; }' # not <PK-END> in the echo of this line
zpty -w pk 'compprefuncs=(pk_hook) comppostfuncs=(pk_done)'
zpty -w pk 'bindkey "^I" complete-word'
# Type the line only once the set-up has run and the shell waits for input (typed ahead of
# that, the Tab was now and then lost).
zpty -w pk 'print -r -- "<PK-""READY>"'
zpty -r pk out '*<PK-READY>*'
sleep 0.2
zpty -n -w pk "$2"$'\t'
out='' chunk=''
integer tries
for tries in {1..400}; do # 20 s
  while zpty -r -t pk chunk; do out+=$chunk; done
  [[ $out == *'<PK-END>'* ]] && break
  sleep 0.05
done
if [[ $out != *'<PK-END>'* ]]; then
  print -r -- "zsh_complete.zsh: no end of completion for '$2'; the terminal showed:" >&2
  print -r -- "$out" | cat -v >&2
  zpty -d pk
  exit 1
fi
zpty -d pk
print -r -- ${(F)${(M)${(f)out}:#<PK>*</PK>*}} | sed -n 's/^<PK>\(.*\)<\/PK>.*/\1/p' | sort -u
