/**
 * Median durations of two operations, run alternately: on a busy machine both see the same
 * contention, so their ratio stays meaningful where back-to-back batches would not.
 */
export async function interleavedMedians(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  rounds = 9,
): Promise<[number, number]> {
  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now()
    await fn()
    return performance.now() - started
  }
  await a()
  await b()
  const as: number[] = []
  const bs: number[] = []
  for (let i = 0; i < rounds; i++) {
    as.push(await time(a))
    bs.push(await time(b))
  }
  const median = (values: number[]) =>
    values.sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0
  return [median(as), median(bs)]
}
