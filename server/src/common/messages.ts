/**
 * Texts that both the server sends and the storefront matches on or shows.
 * The storefront imports this file (alias `@shared/messages`), so each text lives in one place.
 * Wording follows the spec where it words the text, DESIGN section 13 otherwise.
 */
export const Messages = {
  // auth / registration (spec 000)
  fillAllFields: 'Please fill in all fields.',
  otpAndMobileRequired: 'Please enter the OTP and Mobile Number.',
  otpSentVerifyAccount: 'OTP sent successfully. Please verify your account.',
  mobileVerified: 'Mobile number verified successfully.',
  otpExpired: 'OTP has expired. Please request a new OTP.',
  otpInvalid: 'Invalid OTP. Please try again.',
  otpTooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  otpResendWait: 'Please wait before requesting another OTP.',
  otpSendFailed: 'We could not send the OTP right now. Please try again.',
  emailTaken: 'An account with this email already exists.',
  mobileTaken: 'An account with this mobile number already exists.',
  registrationMismatch: 'The email and mobile number must match the registration request.',
  userNotFound: 'User does not exist. Please create an account first.',
  wrongPassword: 'Incorrect password. Please try again.',
  emailNotVerified:
    'Your email is not verified. We have sent you a verification link; please check your inbox and spam folder.',
  blocked: 'Your account has been blocked. Please contact support.',
  loginSuccess: 'Logged in successfully.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordTooCommon: 'This password is too common. Please choose another.',
  invalidMobile: 'Please enter a valid mobile number',
  invalidEmail: 'Please enter a valid email address',
  invalidOtp: 'Please enter a valid OTP',
  verificationInvalid: 'The verification link is invalid or has expired.',
  emailVerified: 'Your email has been verified. You can now log in.',
  registrationFailed: 'Registration failed. Please try again.',
  verificationFailed: 'Verification failed. Please try again.',
  // OTP login (spec 001)
  mobileNotRegistered: 'Mobile Number not registered with us',
  mobileNotRegisteredToast: 'Mobile Number not registered with us. Please create an account first.',
  otpSentMobile: 'OTP has been sent to your mobile number.',
  otpVerifiedLogin: 'OTP verified successfully.',
  // password reset
  resetLinkSent: 'If an account exists for this email, a password reset link has been sent.',
  linkCorrupted: 'The link is corrupted.',
  passwordResetDone: 'Password updated successfully. Please log in.',
  // profile
  profileUpdated: 'Profile updated successfully, please relogin.',
  nameRequired: 'Name is required.',
  // sessions
  tokenExpired: 'Token has expired. Please login again.',
  sessionExpiredToast: 'Session expired! Please re-login to proceed.',
  unauthorized: 'Please login to continue.',
  forbidden: 'You do not have access to this.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many requests. Please try again later.',
  internal: 'Something went wrong! Please try again.',
  // orders and payments (DESIGN section 13)
  insufficientBalance: 'Insufficient balance. Please top up your wallet.',
  outOfStock: 'This item is out of stock.',
  selectPackAndDetails: 'Please select a pack and enter your details correctly before proceeding.',
} as const;

export type MessageKey = keyof typeof Messages;
