import { checkNewPassword, MESSAGES } from '@eduqa/contract';

/**
 * The change-password checks of spec 2 §5, one function per field. Each takes the other field's
 * value because a mismatch is reported on both: '请与确认新密码一致！' under the new password and
 * '请与新密码一致！' under the confirmation.
 */
export function oldPasswordProblem(oldPassword: string | undefined): string | null {
  if (!oldPassword) return MESSAGES.oldPasswordRequired;
  if (oldPassword.trim() === '') return MESSAGES.blank;
  return null;
}

export function newPasswordProblem(
  newPassword: string | undefined,
  confirm: string | undefined,
): string | null {
  const problem = checkNewPassword(newPassword ?? '');
  if (problem) return problem;
  if (confirm && confirm !== newPassword) return MESSAGES.mismatchConfirm;
  return null;
}

export function confirmPasswordProblem(
  confirm: string | undefined,
  newPassword: string | undefined,
): string | null {
  if (!confirm) return MESSAGES.confirmRequired;
  if (confirm.trim() === '') return MESSAGES.blank;
  if (newPassword && confirm !== newPassword) return MESSAGES.mismatchNew;
  return null;
}
