# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for bitmaze-cli.
#
# Nothing is copied from the program: the commands come from
# `bitmaze-cli --help`, a command's options from `bitmaze-cli COMMAND
# --help`, the generators and solvers from `generate --list` and
# `solve --list`, the shapes from `generate --list-shapes`, all asked
# when Tab is pressed (in the C locale, so the headings are English).

# The commands, one a line.
_bitmaze_cli_commands ()
{
  LC_ALL=C "$1" --help 2>/dev/null \
    | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'
}

# The options of command $2, short and long, one a line.
_bitmaze_cli_options ()
{
  LC_ALL=C "$1" "$2" --help 2>/dev/null \
    | sed -n 's/^ \{1,\}\(-[A-Za-z], \)\{0,1\}\(--[A-Za-z0-9][A-Za-z0-9-]*\).*/\1\2/p' \
    | sed 's/, /\n/'
}

# Does option $3 of command $2 take a value ("--size=WxH" in --help)?
_bitmaze_cli_takes_value ()
{
  LC_ALL=C "$1" "$2" --help 2>/dev/null \
    | grep -qE -- "^ +$3, --[A-Za-z0-9-]+=|[ ,]$3="
}

# The first word of each line of `bitmaze-cli KIND --list`.
_bitmaze_cli_names ()
{
  "$1" "$2" --list 2>/dev/null | while read -r name _; do
    printf '%s\n' "$name"
  done
}

# The values of --shape, one a line: a form such as "text:WORD" (an
# upper-case placeholder after a colon) is offered as its prefix "text:".
_bitmaze_cli_shapes ()
{
  local name
  "$1" generate --list-shapes 2>/dev/null | while read -r name _; do
    [[ $name == *:[A-Z]* ]] && name=${name%%:*}:
    printf '%s\n' "$name"
  done
}

_bitmaze_cli ()
{
  local cur prev words cword split
  _init_completion -s -n : || return

  local cli=${words[0]} command="" i
  for ((i = 1; i < cword; i++)); do
    if [[ ${words[i]} != -* ]]; then
      command=${words[i]}
      break
    fi
  done

  if [[ -z $command ]]; then
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W '--help --version' -- "$cur"))
    else
      COMPREPLY=($(compgen -W "$(_bitmaze_cli_commands "$cli") help" -- "$cur"))
    fi
    return
  fi

  if [[ $command == help ]]; then
    COMPREPLY=($(compgen -W "$(_bitmaze_cli_commands "$cli")" -- "$cur"))
    return
  fi

  # lab new | check | grade: its own sub-commands, each with its --help.
  if [[ $command == lab ]]; then
    local sub="" j
    for ((j = i + 1; j < cword; j++)); do
      if [[ ${words[j]} != -* ]]; then
        sub=${words[j]}
        break
      fi
    done
    if [[ -z $sub ]]; then
      COMPREPLY=($(compgen -W 'new check grade' -- "$cur"))
      return
    fi
    case $prev in
      -t | --task)
        COMPREPLY=($(compgen -W 'create_dfs solve_dfs solve_bfs' -- "$cur"))
        return
        ;;
      -o | --output | --gradescope)
        if [[ $sub == new ]]; then _filedir -d; else _filedir; fi
        return
        ;;
    esac
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W "$(LC_ALL=C "$cli" lab "$sub" --help 2>/dev/null \
        | sed -n 's/^ \{1,\}\(-[A-Za-z], \)\{0,1\}\(--[A-Za-z0-9][A-Za-z0-9-]*\).*/\1\2/p' \
        | sed 's/, /\n/')" -- "$cur"))
      return
    fi
    case $sub in
      new) COMPREPLY=($(compgen -W 'create_dfs solve_dfs solve_bfs' -- "$cur")) ;;
      check) _filedir c ;;
      grade) _filedir -d ;;
    esac
    return
  fi

  case $prev in
    -a | --algorithm | -b | --build)
      COMPREPLY=($(compgen -W "$(_bitmaze_cli_names "$cli" generate)" -- "$cur"))
      __ltrim_colon_completions "$cur"
      return
      ;;
    -S | --solver)
      COMPREPLY=($(compgen -W "$(_bitmaze_cli_names "$cli" solve)" -- "$cur"))
      __ltrim_colon_completions "$cur"
      return
      ;;
    --shape)
      COMPREPLY=($(compgen -W "$(_bitmaze_cli_shapes "$cli")" -- "$cur"))
      # "text:" waits for its word
      [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *: ]] && compopt -o nospace
      __ltrim_colon_completions "$cur"
      return
      ;;
    --mask)
      _filedir
      return
      ;;
    --color)
      COMPREPLY=($(compgen -W 'auto always never' -- "$cur"))
      return
      ;;
    -f | --format)
      COMPREPLY=($(compgen -W 'png svg pdf text' -- "$cur"))
      return
      ;;
    -p | --paper)
      if [[ $command == render ]]; then
        COMPREPLY=($(compgen -W 'a4 letter maze' -- "$cur"))
      else
        COMPREPLY=($(compgen -W 'a4 letter' -- "$cur"))
      fi
      return
      ;;
    -e | --exercises)
      # a comma-separated list: complete the name after the last comma
      local done_part=""
      [[ $cur == *,* ]] && done_part=${cur%,*},
      COMPREPLY=($(compgen -P "$done_part" -W 'decode encode trace predict all' -- "${cur##*,}"))
      compopt -o nospace 2>/dev/null
      return
      ;;
    --answers)
      _filedir pdf
      return
      ;;
    --solution-style)
      COMPREPLY=($(compgen -W 'line fill' -- "$cur"))
      return
      ;;
    --label-nibble | --nibble)
      COMPREPLY=($(compgen -W 'passages border solution backtrack' -- "$cur"))
      return
      ;;
    --ask)
      COMPREPLY=($(compgen -W 'words cells all' -- "$cur"))
      return
      ;;
    --start | --goal)
      COMPREPLY=($(compgen -W 'corners rows far' -- "$cur"))
      return
      ;;
    -o | --output)
      _filedir
      return
      ;;
  esac
  # Any other option that takes a value: a number or a size, nothing to
  # offer.
  if [[ $prev == -* ]] && _bitmaze_cli_takes_value "$cli" "$command" "$prev"; then
    return
  fi
  $split && return

  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_bitmaze_cli_options "$cli" "$command")" -- "$cur"))
    return
  fi
  case $command in
    solve | info | render | animate | quiz | class | validate | worksheet)
      _filedir maze
      ;;
  esac
} && complete -F _bitmaze_cli bitmaze-cli
