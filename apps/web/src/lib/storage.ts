// What the web app keeps in local storage: the session token, and the message of a closed access window.
const TOKEN_KEY = 'token';
const ACCESS_MESSAGE_KEY = 'access_message';
const PREMIUM_MESSAGE_KEY = 'premium_message';

export const storage = {
  getToken: (): string | null => safe(() => localStorage.getItem(TOKEN_KEY)),
  setToken: (token: string) => safe(() => localStorage.setItem(TOKEN_KEY, token)),
  /** Logout and session end: everything goes, as the specification says ("clears storage"). */
  clear: () => safe(() => localStorage.clear()),
  getAccessMessage: (): string | null => safe(() => localStorage.getItem(ACCESS_MESSAGE_KEY)),
  setAccessMessage: (message: string) => safe(() => localStorage.setItem(ACCESS_MESSAGE_KEY, message)),
  getPremiumMessage: (): string | null => safe(() => localStorage.getItem(PREMIUM_MESSAGE_KEY)),
  setPremiumMessage: (message: string) => safe(() => localStorage.setItem(PREMIUM_MESSAGE_KEY, message)),
};

function safe<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}
