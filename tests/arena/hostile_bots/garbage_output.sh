#!/bin/sh
read -r start
echo '{"type":"ready"}'
while read -r line; do
  echo "hello, I am not JSON"
done
