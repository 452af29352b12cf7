#!/bin/sh
# Times ladder against Hugo on the same generated essays, side by side:
#   benches/scale/compare.sh [ESSAYS] [RUNS]    (default 2000 essays, 5 runs;
#   LADDER=path times another ladder binary; BASELINE=path times a second one
#   too, in its own copy of the site, so that a change is measured against
#   the binary before it in the same run; UNCHANGED=1 times ladder's
#   rebuild of a site whose pages are all there already)
# after `cargo build --release --bin ladder --example scale-site`. Writes the
# site of benches/scale/essays.rs (the one `cargo bench --bench scale`
# builds) in a temporary folder, builds it once with each (so both replace a
# previous output, as a rebuild does), then RUNS times each, interleaved:
# `ladder build` (into site/) and `hugo` (into public/, with a minimal
# layout). Before each ladder build, untimed, the pages of the previous
# site are emptied (not its search index, which stays the same), as if a
# template had changed them all: ladder writes no file that the site it
# replaces holds as it is, and Hugo writes every page every time. (Not
# deleted: a file system without a journal makes each new file slowly for
# half a minute after many were deleted, which no real build meets.) Each run starts with the disk written (`sync`,
# untimed). Prints each run and the medians of wall, user, sys and peak RSS,
# with the machine's load.
set -eu
essays=${1:-2000}
runs=${2:-5}
top=$(cd "$(dirname "$0")/../.." && pwd)
ladder=${LADDER:-$top/target/release/ladder}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$top/target/release/examples/scale-site" "$dir" "$essays"
tools="ladder hugo"
if [ -n "${BASELINE:-}" ]; then
    # Its own site: a build keeps the search index only of its own pages.
    "$top/target/release/examples/scale-site" "$dir/baseline" "$essays"
    (cd "$dir/baseline" && "$BASELINE" build >/dev/null)
    tools="baseline ladder hugo"
fi
cd "$dir"
"$ladder" build >/dev/null
hugo --quiet >/dev/null
uptime
nproc
for i in $(seq "$runs"); do
    for tool in $tools; do
        case $tool in
            ladder) set -- "$ladder" build; site=site ;;
            baseline) set -- "$BASELINE" build --root baseline; site=baseline/site ;;
            hugo) set -- hugo --quiet; site= ;;
        esac
        if [ -n "$site" ] && [ -z "${UNCHANGED:-}" ]; then
            find "$site" -name index.html -exec truncate -s 0 {} +
        fi
        # No run pays for the writes of the one before it.
        sync
        /usr/bin/time -f "$tool %e %U %S %M" -o "$dir/time" "$@" >/dev/null
        cat "$dir/time" | tee -a "$dir/times"
    done
done
uptime
for tool in $tools; do
    grep "^$tool " "$dir/times" | awk -v n="$runs" -v tool="$tool" '
        { w[NR] = $2; u[NR] = $3; s[NR] = $4; m[NR] = $5 }
        function median(a,   i, j, t) {
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
                if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
            return a[int((n + 1) / 2)]
        }
        END { printf "%s median of %d: wall %.2f s, user %.2f s, sys %.2f s, peak RSS %d MB\n",
              tool, n, median(w), median(u), median(s), median(m) / 1024 }'
done
