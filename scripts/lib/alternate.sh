# shellcheck shell=bash
# Sourced by compare-builds.sh and compare-benches.sh: the order in which builds take turns, so
# that a drift of the host's speed during a call falls on all of them alike.
#   alternation_order ROUNDS ITEM...   sets the array $order to "ROUND:ITEM" entries, the items in
#                                      their order in odd rounds and reversed in even ones
#                                      (A B .. B A ..)

alternation_order() {
  local rounds=$1 r i
  shift
  order=()
  for ((r = 1; r <= rounds; r++)); do
    if ((r % 2 == 1)); then
      for ((i = 1; i <= $#; i++)); do order+=("$r:${!i}"); done
    else
      for ((i = $#; i >= 1; i--)); do order+=("$r:${!i}"); done
    fi
  done
}
