"""Throughput of sudoku_sat.distributed on a local Dask cluster.

Prints medians of RUNS runs: certified 9x9 puzzles a second made in one
process without Dask (the per-core rate), with 1 and with 2 worker
processes (one thread each), and the engine's per-task overhead (an
empty task's round trip, and a thousand empty tasks at once) beside one
shard's work. Each puzzle is generated, re-checked by the backtracker,
rated and proved by DRAT, as the job writes it.

    target/python-venv/bin/python benches/distributed.py [COUNT] [SHARD] [RUNS]

Defaults: 400 puzzles in shards of 25, 3 runs. docs/python.md holds the
figures ("On a cluster").
"""

import os
import statistics
import sys
import tempfile
import time

# This file's name is the engine's: its folder must not shadow the package.
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

from distributed import Client, LocalCluster  # noqa: E402

import sudoku_sat as ss  # noqa: E402
from sudoku_sat import distributed as sd  # noqa: E402


def median_of(runs, measure):
    """Returns the medians of each figure `measure()` returns."""
    figures = [measure() for _ in range(runs)]
    return tuple(statistics.median(f) for f in zip(*figures))


def in_process(count):
    """Returns puzzles a second of wall time and of CPU time."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in ss.generate(count, seed=1, proof=True):
        pass
    return count / (time.perf_counter() - wall), count / (time.process_time() - cpu)


def cpu_seconds(client):
    """Returns the CPU time of every worker process and of this one (the
    local cluster's scheduler runs here)."""
    return sum(client.run(time.process_time).values()) + time.process_time()


def on_cluster(client, count, shard):
    """Returns puzzles a second of wall time and of CPU time, all
    processes of the cluster counted."""
    with tempfile.TemporaryDirectory() as out:
        wall, cpu = time.perf_counter(), cpu_seconds(client)
        sd.generate(out, count, seed=1, shard_size=shard, client=client)
        wall, cpu = time.perf_counter() - wall, cpu_seconds(client) - cpu
        return count / wall, count / cpu


def nothing(_=None):
    return None


def round_trip(client, tries=200):
    times = []
    for i in range(tries):
        start = time.perf_counter()
        client.submit(nothing, key=f"empty-{time.time_ns()}-{i}").result()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def many_empty(client, tasks=1000):
    start = time.perf_counter()
    client.gather(client.map(nothing, range(tasks), pure=False))
    return (time.perf_counter() - start) / tasks


def main():
    given = [int(a) for a in sys.argv[1:4]]
    count, shard, runs = given + [400, 25, 3][len(given) :]
    print(f"{count} certified 9x9 puzzles, shards of {shard}, median of {runs} runs")
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    alone, per_cpu = median_of(runs, lambda: in_process(count))
    print(f"one process, no Dask:   {alone:8.1f} puzzles/s, {per_cpu:6.1f} per CPU second")
    rates = {}
    for workers in (1, 2):
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, dashboard_address=":0"
        )
        with Client(cluster) as client:
            client.run(lambda: __import__("sudoku_sat"))
            rates[workers], cpu = median_of(runs, lambda: on_cluster(client, count, shard))
            print(f"{workers} worker(s):           {rates[workers]:8.1f} puzzles/s, "
                  f"{cpu:6.1f} per CPU second")
            if workers == 2:
                trip = round_trip(client)
                each = many_empty(client)
        cluster.close()
    print(f"2 workers / 1 worker:   {rates[2] / rates[1]:8.2f}x")
    work = shard / per_cpu
    print(f"empty task round trip:  {trip * 1e3:8.2f} ms")
    print(f"1000 empty tasks:       {each * 1e3:8.3f} ms a task")
    print(f"one shard's CPU work:   {work * 1e3:8.1f} ms ({shard} puzzles); "
          f"round trip {trip / work:.1%} of it")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
