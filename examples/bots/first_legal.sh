#!/bin/sh
# A starter bot in POSIX shell for any game: always the first legal action.
# Protocol: docs/bots/protocol.md (one JSON object per line on stdin and stdout).
while IFS= read -r line; do
  case "$line" in
    '{"type":"start"'*) echo '{"type":"ready"}' ;;
    '{"type":"act"'*)
      action=$(printf '%s\n' "$line" | sed -n 's/.*"legal_actions":\[\([0-9]*\).*/\1/p')
      echo "{\"type\":\"action\",\"action\":$action}" ;;
    *) exit 0 ;;
  esac
done
