/** Command-line options the benchmarks share: a clear message and exit 1 for a bad one. */

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** `--name N`: a whole number ≥ 1 (else exit 1 naming it), capped at `max` with a warning. */
export function wholeNumber(name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) fail(`--${name} must be a whole number of at least 1, not "${text}".`);
  if (value > max) {
    console.warn(`--${name} ${value} is more than the cap; using ${max}.`);
    return max;
  }
  return value;
}
