export type { SessionData } from './session-storage.ts';
export {
  clearSession,
  getSession,
  mergeUser,
  requestUser,
  type Session,
  type SessionStatus,
  subscribeSession,
  useSession,
} from './session-store.ts';
export { signIn, signOut, tryLogin } from './sign-in.ts';
export { SIGN_IN_STEP_MESSAGES } from './sign-in-steps.ts';
