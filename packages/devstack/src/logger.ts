/** Prefixed, coloured lines so the output of four services stays readable in one terminal. */

const COLORS = [36, 35, 33, 32, 34, 31] as const

export interface Logger {
  line(text: string): void
  child(name: string): Logger
}

export function createLogger(
  name = 'devstack',
  write: (text: string) => void = (text) => process.stdout.write(text),
): Logger {
  const assigned = new Map<string, number>()
  const useColor = process.stdout.isTTY && !process.env.NO_COLOR

  function make(prefixName: string): Logger {
    if (!assigned.has(prefixName)) assigned.set(prefixName, COLORS[assigned.size % COLORS.length]!)
    const padded = prefixName.padEnd(8)
    const prefix = useColor ? `\x1b[${assigned.get(prefixName)}m${padded}│\x1b[0m ` : `${padded}│ `
    return {
      line: (text) => write(`${prefix}${text}\n`),
      child: (childName) => make(childName),
    }
  }
  return make(name)
}
