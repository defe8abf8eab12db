/** Field rules of spec 2 §5 shared by the personal centre form and the server. */
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** Chinese mobile (1[3-9]x, 11 digits) or landline (area code 3–4 digits, number 7–8, optional extension). */
export const PHONE_RE = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?)$/;
/** QQ numbers: 5 to 11 digits, never starting with 0. */
export const QQ_RE = /^[1-9]\d{4,10}$/;

export const MESSAGES = {
  email: '邮箱格式不正确！',
  phone: '联系电话格式不正确！',
  qq: 'QQ格式不正确！',
  oldPasswordRequired: '请输入旧密码！',
  newPasswordRequired: '请输入新密码！',
  /** The administrator's 初始密码 field of 新增用户: its own words, not the change dialog's. */
  initialPasswordRequired: '请输入初始密码！',
  confirmRequired: '请输入确认新密码！',
  blank: '不能为纯空格！',
  weakPassword: '密码必须包含字母和数字,必须大于等于8位！',
  mismatchConfirm: '请与确认新密码一致！',
  mismatchNew: '请与新密码一致！',
  wrongOldPassword: '旧密码不正确！',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * Returns the spec's message for a new password, or null when it is acceptable. `requiredMessage`
 * names the field when it is not 新密码 (the 初始密码 of a new user).
 */
export function checkNewPassword(
  password: string,
  requiredMessage: string = MESSAGES.newPasswordRequired,
): string | null {
  if (password.length === 0) return requiredMessage;
  if (password.trim().length === 0) return MESSAGES.blank;
  if (password.length < PASSWORD_MIN || !/[A-Za-z]/.test(password) || !/\d/.test(password)) {
    return MESSAGES.weakPassword;
  }
  return null;
}
