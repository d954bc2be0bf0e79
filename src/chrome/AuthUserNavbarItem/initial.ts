/** The first letter of the reader's name (or address), as their account's badge shows it: a whole character, whatever its script. */
export function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toLocaleUpperCase();
}
