/**
 * The Persian texts of the sign-in, registration and password-reset forms, byte for byte as
 * docs/product/auth.md and docs/product/errors.md give them.
 */

export const AUTH_MESSAGES = {
  phoneInvalid: 'شماره تلفن صحیح نمیباشد',
  phoneInvalidForgot: 'شماره تلفن صحیح نیست',
  allRequired: 'لطفاً همه فیلدها را پر کنید',
  passwordMismatch: 'رمز عبور و تایید آن یکسان نیستند',
  termsRequired: 'قوانین را تایید کنید',
  loginRequired: 'شماره تلفن و رمز عبور را وارد کنید',
  newPasswordMismatch: 'رمز جدید و تایید آن یکسان نیستند',
  // Not in the spec's catalogue: the spec only says "4 digits"; the second is payments-service's.
  codeInvalid: 'کد تایید باید ۴ رقم باشد',
  passwordTooShort: 'رمز عبور باید حداقل ۸ کاراکتر باشد',
} as const

/** Shown when the server gives no message of its own. */
export const AUTH_FALLBACKS = {
  register: 'ثبت نام ناموفق بود',
  login: 'ورود ناموفق بود',
  reset: 'تغییر رمز ناموفق بود',
  sendCode: 'ارسال کد تایید ناموفق بود',
} as const

/** Successes. */
export const AUTH_SUCCESS = {
  codeSent: 'کد تایید ارسال شد',
  registered: 'ثبت نام موفق بود',
  loggedIn: 'ورود موفق بود',
  passwordChanged: 'رمز عبور تغییر کرد. وارد شوید.',
} as const
