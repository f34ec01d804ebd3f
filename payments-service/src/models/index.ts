export { OtpChallenge, OTP_PURPOSES, type OtpPurpose } from './otp-challenge.model.ts'
export { RefreshToken } from './refresh-token.model.ts'
export { User, ROLES, type Role } from './user.model.ts'
