# SPDX-License-Identifier: GPL-3.0-or-later
# fish completion for bitmaze-cli.
#
# Nothing is copied from the program: the commands come from
# `bitmaze-cli --help`, a command's options from `bitmaze-cli COMMAND
# --help`, the generators and solvers from `generate --list` and
# `solve --list`, the shapes from `generate --list-shapes`, all asked when
# Tab is pressed (headings in the C locale, descriptions in the user's
# language).

# bitmaze-cli as typed (a path works too).
function __bitmaze_cli
    set -l words (commandline -opc)
    $words[1] $argv
end

# The lines of the "Commands:" section of --help.
function __bitmaze_cli_commands
    set -l inside 0
    for line in (env LC_ALL=C (commandline -opc)[1] --help 2>/dev/null)
        if test "$line" = "Commands:"
            set inside 1
        else if test $inside = 1; and test -z "$line"
            break
        else if test $inside = 1
            string replace -rf '^  ([a-z][a-z-]*) +(.*)$' '$1\t$2' -- $line
        end
    end
end

# Folders and .maze files starting with the word under the cursor.
function __bitmaze_cli_maze_files
    set -l token (commandline -ct)
    for path in $token*
        if test -d $path
            echo $path/
        else if string match -q -- '*.maze' $path
            echo $path
        end
    end
end

# The command given so far, if any.
function __bitmaze_cli_command
    for word in (commandline -opc)[2..-1]
        if not string match -q -- '-*' $word
            echo $word
            return 0
        end
    end
    return 1
end

function __bitmaze_cli_options
    set -l command (__bitmaze_cli_command); or return
    set -l help (__bitmaze_cli $command --help 2>/dev/null)
    string replace -rf '^ +(-[A-Za-z], )?(--[A-Za-z0-9][A-Za-z0-9-]*)\S* +(.*)$' '$2\t$3' -- $help
    string replace -rf '^ +(-[A-Za-z]), --\S+ +(.*)$' '$1\t$2' -- $help
end

# Is the word before the cursor one of $argv?
function __bitmaze_cli_after
    set -l words (commandline -opc)
    contains -- $words[-1] $argv
end

# Is the word before the cursor an option that takes a value ("--size=WxH"
# in the command's --help)?
function __bitmaze_cli_after_valued
    set -l words (commandline -opc)
    set -l prev $words[-1]
    string match -q -- '-*' $prev; or return 1
    set -l command (__bitmaze_cli_command); or return 1
    env LC_ALL=C $words[1] $command --help 2>/dev/null | string match -rq -- "^ +$prev, --[A-Za-z0-9-]+=|[ ,]$prev="
end

function __bitmaze_cli_names
    __bitmaze_cli $argv[1] --list 2>/dev/null | string replace -rf '^(\S+) +(.*)$' '$1\t$2'
end

# The values of --shape: "text:WORD" is offered as "text:", for a word.
function __bitmaze_cli_shapes
    __bitmaze_cli generate --list-shapes 2>/dev/null \
        | string replace -r '^(\S+:)[A-Z]+ ' '$1 ' \
        | string replace -rf '^(\S+) +(.*)$' '$1\t$2'
end

# lab's sub-command (new, check, grade), if given.
function __bitmaze_cli_lab_sub
    set -l seen 0
    for word in (commandline -opc)[2..-1]
        if string match -q -- '-*' $word
            continue
        end
        if test $seen = 1
            echo $word
            return 0
        end
        test $word = lab; and set seen 1
    end
    return 1
end

function __bitmaze_cli_lab_options
    set -l sub (__bitmaze_cli_lab_sub); or return
    set -l help (__bitmaze_cli lab $sub --help 2>/dev/null)
    string replace -rf '^ +(-[A-Za-z], )?(--[A-Za-z0-9][A-Za-z0-9-]*)\S* +(.*)$' '$2\t$3' -- $help
    string replace -rf '^ +(-[A-Za-z]), --\S+ +(.*)$' '$1\t$2' -- $help
end

complete -c bitmaze-cli -f
complete -c bitmaze-cli -n 'not __bitmaze_cli_command' -a '(__bitmaze_cli_commands)'
complete -c bitmaze-cli -n 'not __bitmaze_cli_command' -a help -d 'Show the options of a command'
complete -c bitmaze-cli -n 'test "$(__bitmaze_cli_command)" = help' -a '(__bitmaze_cli_commands)'
complete -c bitmaze-cli -n 'not __bitmaze_cli_command' -l help -d 'Show help'
complete -c bitmaze-cli -n 'not __bitmaze_cli_command' -l version -s V -d 'Show the version'
complete -c bitmaze-cli -n '__bitmaze_cli_command; and string match -q -- "-*" (commandline -ct)' -a '(__bitmaze_cli_options)'
complete -c bitmaze-cli -n '__bitmaze_cli_after -a --algorithm -b --build' -x -a '(__bitmaze_cli_names generate)'
complete -c bitmaze-cli -n '__bitmaze_cli_after -S --solver' -x -a '(__bitmaze_cli_names solve)'
complete -c bitmaze-cli -n '__bitmaze_cli_after --shape' -x -a '(__bitmaze_cli_shapes)'
complete -c bitmaze-cli -n '__bitmaze_cli_after --mask' -F
complete -c bitmaze-cli -n '__bitmaze_cli_after --color' -x -a 'auto always never'
complete -c bitmaze-cli -n '__bitmaze_cli_after -f --format' -x -a 'png svg pdf text'
complete -c bitmaze-cli -n '__bitmaze_cli_after -p --paper' -x -a 'a4 letter'
complete -c bitmaze-cli -n 'test "$(__bitmaze_cli_command)" = render; and __bitmaze_cli_after -p --paper' -x -a 'maze' -d "The maze's own size"
complete -c bitmaze-cli -n '__bitmaze_cli_after -e --exercises' -x -a '(string replace -r "[^,]*\$" "" -- (commandline -ct))(printf "%s\n" decode encode trace predict all)'
complete -c bitmaze-cli -n '__bitmaze_cli_after --answers' -F
complete -c bitmaze-cli -n '__bitmaze_cli_after --solution-style' -x -a 'line fill'
complete -c bitmaze-cli -n '__bitmaze_cli_after --label-nibble --nibble' -x -a 'passages border solution backtrack'
complete -c bitmaze-cli -n '__bitmaze_cli_after --ask' -x -a 'words cells all'
complete -c bitmaze-cli -n '__bitmaze_cli_after --start --goal' -x -a 'corners rows far'
complete -c bitmaze-cli -n '__bitmaze_cli_after -o --output' -F
complete -c bitmaze-cli -n 'test "$(__bitmaze_cli_command)" = lab; and not __bitmaze_cli_lab_sub' -x -a 'new check grade'
complete -c bitmaze-cli -n '__bitmaze_cli_lab_sub; and string match -q -- "-*" (commandline -ct)' -a '(__bitmaze_cli_lab_options)'
complete -c bitmaze-cli -n '__bitmaze_cli_lab_sub; and __bitmaze_cli_after -t --task' -x -a 'create_dfs solve_dfs solve_bfs'
complete -c bitmaze-cli -n 'test "$(__bitmaze_cli_lab_sub)" = new; and not __bitmaze_cli_after -o --output' -x -a 'create_dfs solve_dfs solve_bfs'
complete -c bitmaze-cli -n 'test "$(__bitmaze_cli_lab_sub)" = check; and not __bitmaze_cli_after -t --task' -F
complete -c bitmaze-cli -n 'test "$(__bitmaze_cli_lab_sub)" = grade; and not __bitmaze_cli_after -t --task' -F
complete -c bitmaze-cli -n '__bitmaze_cli_command; and test "$(__bitmaze_cli_command)" != help; and test "$(__bitmaze_cli_command)" != lab; and not __bitmaze_cli_after_valued; and not string match -q -- "-*" (commandline -ct)' -a '(__bitmaze_cli_maze_files)'
