import {emulator, uniqueEmail} from './emulator';

/** A verified reader of one's own, so that signing out everywhere does not end other tests' sessions. */
export async function newReader(prefix: string): Promise<{email: string; password: string}> {
  const {email, password} = await emulator.newAccount(uniqueEmail(prefix));
  return {email, password};
}
