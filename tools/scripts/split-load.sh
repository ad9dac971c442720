#!/bin/sh
# The split server's load run (issue 46, docs/performance.md): nats-server, one core and two
# edges on loopback, one stratego-loadgen per edge with N sessions each (N/2 games) at think
# 2 s. Prints each load generator's last lines and the core's CPU a move: its CPU from the
# warm-up's end to the end, divided by the moves made meanwhile (the two load generators'
# measured rates of moves times that time).
#
# The lobby pairs seeks from both load generators: a game between a session of each has
# its players on different edges. Each load generator times the opponent's screen only for
# the moves its own sessions typed (it says how many turns it left untimed); the script
# times the others from both load generators' records by the wall clock
# (STRATEGO_LOADGEN_TIMES) and prints them as "across the load generators".
#
#   tools/scripts/split-load.sh N DURATION WARMUP [one]
#
# With `one` as the fourth argument: the same two load generators against one process (no
# bus), for the hop's added latency. Needs target/release/{stratego-ssh,stratego-loadgen}
# and nats-server on the PATH. KEEP_LOGS=1 keeps the run's directory (the processes' logs; with
# RUST_LOG=stratego_ssh::bus=debug, the bus's messages) and says where it is.
set -eu
N=${1:-200}
DURATION=${2:-90}
WARMUP=${3:-40}
MODE=${4:-split}
BIN=target/release
# LOADGEN=PATH: another load generator's binary (an older build, to compare).
LOADGEN=${LOADGEN:-$BIN/stratego-loadgen}
D=$(mktemp -d /tmp/split-load.XXXXXX)
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
ulimit -n 20000 || true
PIDS=""
cleanup() {
    for p in $PIDS; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true
    if [ -n "${KEEP_LOGS:-}" ]; then echo "logs kept in $D"; else rm -rf "$D"; fi
}
trap cleanup EXIT
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
HZ=$(getconf CLK_TCK)
COMMON="--http-listen off --connects-per-minute 1000000 --commands-per-minute 1000000 --max-connections 6000"
P1=$(port); P2=$(port)
if [ "$MODE" = one ]; then
    $BIN/stratego-ssh --listen 127.0.0.1:$P1 --data-dir $D/one --keys-dir $D/keys $COMMON \
        >$D/one.log 2>&1 &
    CORE=$!; E1=$CORE; E2=$CORE; PIDS="$CORE"; P2=$P1
else
    NP=$(port)
    sed -e s/CHANGE-ME-core/core-pass/ -e s/CHANGE-ME-edge1/edge1-pass/ \
        -e s/CHANGE-ME-edge2/edge2-pass/ deploy/nats-server.conf >$D/nats.conf
    echo core:core-pass >$D/core.auth; echo edge1:edge1-pass >$D/edge1.auth
    echo edge2:edge2-pass >$D/edge2.auth
    nats-server -c $D/nats.conf -a 127.0.0.1 -p $NP >$D/nats.log 2>&1 &
    PIDS="$!"
    URL=nats://127.0.0.1:$NP
    $BIN/stratego-ssh --role core --nats-url $URL --nats-auth-file $D/core.auth \
        --data-dir $D/core --keys-dir $D/keys >$D/core.log 2>&1 &
    CORE=$!; PIDS="$PIDS $CORE"
    sleep 1
    for n in 1 2; do
        eval P=\$P$n
        $BIN/stratego-ssh --role edge --nats-url $URL --nats-auth-file $D/edge$n.auth \
            --edge-name edge$n --listen 127.0.0.1:$P --data-dir $D/edge$n --keys-dir $D/keys \
            $COMMON >$D/edge$n.log 2>&1 &
        eval E$n=$!; PIDS="$PIDS $!"
        # The first edge makes the shared host key; the second starts once it is there
        # (before src/ssh/keys.rs's fix two edges starting at once on an empty key
        # directory raced for it and one of them exited).
        i=0; while [ ! -e $D/keys/ssh_host_ed25519_key ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    done
fi
sleep 3
echo "== $(date -u +%FT%TZ) mode=$MODE sessions=$N per edge, think 2s, duration ${DURATION}s, warm-up ${WARMUP}s"
uptime
for n in 1 2; do
    eval P=\$P$n; eval E=\$E$n
    STRATEGO_LOADGEN_TIMES=$D/times$n STRATEGO_LOADGEN_FIRST=$(( (n - 1) * 100000 )) $LOADGEN --addr 127.0.0.1:$P --sessions $N --games $((N / 2)) --think 2s \
        --duration ${DURATION}s --warmup ${WARMUP}s --server-pid $E >$D/load$n.log 2>&1 &
    eval L$n=$!
done
sleep "$WARMUP"
T0=$(ticks $CORE); S0=$(date +%s.%N)
wait $L1 $L2 || true
T1=$(ticks $CORE); S1=$(date +%s.%N)
for n in 1 2; do echo "-- loadgen $n"; tail -4 $D/load$n.log; done
RATE=$(cat $D/load1.log $D/load2.log | sed -n 's/.*measured \([0-9.]*\)s: moves \([0-9]*\).*/\2 \1/p' | awk '{r += $1 / $2} END {print r}')
awk -v t=$((T1 - T0)) -v hz=$HZ -v r="$RATE" -v s0=$S0 -v s1=$S1 -v mode=$MODE 'BEGIN {
    ms = t * 1000 / hz; moves = r * (s1 - s0)
    printf "%s cpu from the warm-up on: %.0f ms in %.1f s, %.1f moves/s: %.3f ms a move\n", (mode == "one" ? "the server" : "core"), ms, s1 - s0, r, ms / moves }'
# The games the lobby paired across the two load generators (one player on each edge): each
# load generator times only the turns whose move its own sessions typed; the others are
# joined here by game and ply from both files (one machine, one wall clock).
cat $D/times1 $D/times2 >$D/times 2>/dev/null || true
if [ -s $D/times ]; then
    awk 'NR == FNR { if ($1 == "T") t[$2 " " $3] = $4; next }
         $1 == "S" { k = $2 " " $3; if (k in t) print ($4 - t[k]) / 1000; else print "unmatched" }' \
        $D/times $D/times >$D/cross
    grep -v unmatched $D/cross | sort -n | awk -v mode="$MODE" -v miss="$(grep -c unmatched $D/cross)" '
        function q(p,  i) { i = int(p * NR); if (i < p * NR) i++; if (i < 1) i = 1; return v[i] }
        { v[NR] = $1 }
        END { if (NR) printf "across the load generators (%s): opponent'"'"'s screen p50 %.1fms p99 %.1fms (%d samples, %d without their move'"'"'s record: typed outside the other load generator'"'"'s window)\n",
              mode == "one" ? "one process" : "the mover on the other edge", q(0.5), q(0.99), NR, miss }'
fi
grep -h -i "error\|panicked" $D/*.log | head -5 || true
