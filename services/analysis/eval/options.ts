/** Command-line options of the evaluation and training scripts. */

/** The value of `--name=value`, if given. */
export function option(name: string): string | undefined {
  return process.argv.slice(2).find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** `--name=<number>`, if given. */
export function numberOption(name: string): number | undefined {
  const value = option(name);
  return value === undefined ? undefined : Number(value);
}
