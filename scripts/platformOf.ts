/** The platform a native package is built for, read from its name as npm's platform packages spell it. */
export interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openbsd', 'openharmony', 'sunos', 'aix'];
/** Names some packages give an OS in their platform packages' names (`@pagefind/windows-x64`). */
const OS_ALIASES: Record<string, string> = {windows: 'win32', win: 'win32', macos: 'darwin'};
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

/** `@swc/core-linux-arm-gnueabihf` → linux / arm / glibc, from the name's platform triple. */
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | null {
  const parts = name
    .split('/')
    .pop()!
    .split('-')
    .map((part) => OS_ALIASES[part] ?? part);
  const osIndex = parts.findIndex((part) => OS.includes(part));
  if (osIndex === -1) return null;
  const cpu = parts.slice(osIndex + 1).find((part) => CPU.includes(part));
  if (!cpu) return null;
  const rest = parts.slice(osIndex + 2).join('-');
  const libc = rest.startsWith('musl') ? ['musl'] : rest.startsWith('gnu') ? ['glibc'] : undefined;
  return {os: [parts[osIndex]!], cpu: [cpu], ...(libc && parts[osIndex] === 'linux' ? {libc} : {})};
}
