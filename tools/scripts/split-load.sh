#!/bin/sh
# The split server's load run (issue 46, docs/performance.md): nats-server, one core and two
# edges on loopback, one stratego-loadgen per edge with N sessions each (N/2 games) at think
# 2 s. Prints each load generator's last lines and the core's CPU a move: its CPU from the
# warm-up's end to the end, divided by the moves made meanwhile (the two load generators'
# measured rates of moves times that time).
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
    done
fi
sleep 3
echo "== $(date -u +%FT%TZ) mode=$MODE sessions=$N per edge, think 2s, duration ${DURATION}s, warm-up ${WARMUP}s"
uptime
for n in 1 2; do
    eval P=\$P$n; eval E=\$E$n
    STRATEGO_LOADGEN_FIRST=$(( (n - 1) * 100000 )) $LOADGEN --addr 127.0.0.1:$P --sessions $N --games $((N / 2)) --think 2s \
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
grep -h -i "error\|panicked" $D/*.log | head -5 || true
