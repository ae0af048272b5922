/** Command-line options the benchmarks share: a clear message and exit 1 for a bad one. */

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** `--name N`: a whole number ≥ `min` (else exit 1 naming it), capped at `max` with a warning. */
export function wholeNumber(name: string, text: string | undefined, fallback: number, max: number, min = 1): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    fail(`--${name} must be a whole number of at least ${min}, not "${text}".`);
  if (value > max) {
    console.warn(`--${name} ${value} is more than the cap; using ${max}.`);
    return max;
  }
  return value;
}
