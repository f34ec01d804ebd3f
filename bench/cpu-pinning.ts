/**
 * The load generator and the server under test on separate CPUs. autocannon runs in the bench
 * process and the server in a child: left to the scheduler on a 2-core machine they sometimes
 * share a core, and the same build then measured anywhere between 54 % and 64 % of its floor
 * from one run to the next. Pinned, app and floor get the same arrangement every round: the
 * bench (autocannon) and PostgreSQL on CPU 0, the server under test alone on CPU 1.
 *
 * Off with BENCH_PIN=0, or by itself on one CPU or without `taskset` (util-linux).
 */
import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'

export interface Pinning {
  /** Command and leading arguments that start `program` on the server's CPU. */
  wrap(program: string, args: string[]): [string, string[]]
  describe: string
}

const unpinned = (why: string): Pinning => ({
  wrap: (program, args) => [program, args],
  describe: `not pinned (${why})`,
})

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/**
 * Pins this process (all its threads, and the children it starts from now on) to CPU 0, and
 * tells how to start servers on CPU 1.
 */
export function pinBenchAndServers(): Pinning {
  if (process.env.BENCH_PIN === '0') return unpinned('BENCH_PIN=0')
  if (availableParallelism() < 2) return unpinned('one CPU')
  if (!hasTaskset()) return unpinned('no taskset')
  execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', '0', String(process.pid)], {
    stdio: 'ignore',
  })
  return {
    wrap: (program, args) => ['taskset', ['--cpu-list', '1', program, ...args]],
    describe: 'autocannon and PostgreSQL on CPU 0, app and floor on CPU 1',
  }
}
