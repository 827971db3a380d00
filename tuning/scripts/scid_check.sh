#!/bin/sh
# Imports a PGN file into a fresh Scid database (Debian's `scid` package)
# and prints what Scid reports: the games imported and any error messages
# (an empty list means Scid took the file without complaint), then writes
# Scid's own export of the games next to the database for comparison.
#
#   tuning/scripts/scid_check.sh /tmp/annotated.pgn /tmp/scidcheck
set -e
pgn=$1
base=${2:-/tmp/scidcheck}
export PATH=/usr/games:$PATH
script=$(mktemp)
cat > "$script" <<'TCL'
set pgn [lindex $argv 0]
set base [lindex $argv 1]
foreach ext {si4 sg4 sn4 si5 sg5 sn5} { file delete -force $base.$ext }
if {[catch {sc_base create $base} db]} { puts "cannot create $base: $db"; exit 1 }
if {[catch {sc_base import $db $pgn} result]} { puts "import failed: $result"; exit 1 }
puts "imported [lindex $result 0] games; errors: \[[lindex $result 1]\]"
puts "games in the database: [sc_base numGames $db]"
exit 0
TCL
tkscid "$script" "$pgn" "$base"
rm -f "$script"
scidpgn "$base" > "$base.export.pgn"
echo "Scid's export: $base.export.pgn"
