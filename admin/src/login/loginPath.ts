/** The console's sign-in page, which the server also serves as `/admin/login`. */
export const isLoginPath = (pathname: string) => /^\/admin\/login\/?$/.test(pathname);
