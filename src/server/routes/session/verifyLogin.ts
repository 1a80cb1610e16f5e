import { hashPassword, randomToken, verifyPassword } from '../../../workspace/secrets.js';
import type { User, WorkspaceData } from '../../../workspace/WorkspaceData.js';

/** A hash no password matches, made once at start: an unknown user costs the same key derivation as a known one. */
const dummyHash = hashPassword(randomToken());

/**
 * The user whose name and password these are, else undefined. An unknown name is checked against a dummy hash,
 * so the answer takes as long as a wrong password and its time does not tell which names exist.
 */
export async function verifyLogin(data: WorkspaceData, name: string, password: string): Promise<User | undefined> {
  const found = await data.findUser(name);
  const valid = await verifyPassword(password, found?.passwordHash ?? (await dummyHash));
  return valid && found !== undefined ? { id: found.id, name: found.name, role: found.role } : undefined;
}
