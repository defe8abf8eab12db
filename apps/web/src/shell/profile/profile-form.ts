import {
  AVATAR_MAX_KB,
  fileTooLargeMessage,
  hasImageExtension,
  IMAGE_ACCEPT,
  IMAGE_TYPE_MESSAGE,
  type SessionUserWire,
} from '@eduqa/contract';

/** The editable part of the personal centre, as the form holds it (empty string = not given). */
export interface ProfileValues {
  email: string;
  phone: string;
  qq: string;
  sex: string;
}

/** The contact fields, the part of the personal centre held by its form (the gender has its own dialog). */
export type ContactValues = Pick<ProfileValues, 'email' | 'phone' | 'qq'>;

/** What will happen to the avatar on save (spec 2 §5: only sent when one of the last two). */
export type AvatarChange = { kind: 'none' } | { kind: 'file'; file: File } | { kind: 'default' };

export const AVATAR_TYPE_MESSAGE = IMAGE_TYPE_MESSAGE;
/** For the file input's `accept`: the picker offers only the allowed types. */
export const AVATAR_ACCEPT = IMAGE_ACCEPT;

export function profileValuesOf(
  user: Pick<SessionUserWire, 'email' | 'phone' | 'qq' | 'sex'>,
): ProfileValues {
  return { email: user.email ?? '', phone: user.phone ?? '', qq: user.qq ?? '', sex: user.sex ?? '' };
}

/** Spec 2 §5: the update trims qq, email, phone and sex. */
export function trimProfile(values: Partial<ProfileValues>): ProfileValues {
  return {
    email: (values.email ?? '').trim(),
    phone: (values.phone ?? '').trim(),
    qq: (values.qq ?? '').trim(),
    sex: (values.sex ?? '').trim(),
  };
}

/**
 * Whether closing should ask to save. Compared after trimming, so typing and then undoing a change
 * (or adding a stray space) does not arm the guard.
 */
export function hasProfileChanges(
  initial: ProfileValues,
  current: Partial<ProfileValues>,
  avatar: AvatarChange,
): boolean {
  if (avatar.kind !== 'none') return true;
  const before = trimProfile(initial);
  const after = trimProfile(current);
  return (
    before.email !== after.email ||
    before.phone !== after.phone ||
    before.qq !== after.qq ||
    before.sex !== after.sex
  );
}

/** An optional contact field: empty is fine, otherwise the trimmed value must match. */
export function isValidContact(value: string | undefined, pattern: RegExp): boolean {
  const trimmed = (value ?? '').trim();
  return trimmed === '' || pattern.test(trimmed);
}

/** The browser-side check of a chosen avatar (the server checks the content again). */
export function checkAvatarFile(file: { name: string; size: number }): string | null {
  if (!hasImageExtension(file.name)) return AVATAR_TYPE_MESSAGE;
  if (file.size === 0) return '文件为空';
  return null;
}

/** The server's wording for a file above the avatar limit. */
export function avatarTooLargeMessage(fileName: string): string {
  return fileTooLargeMessage(fileName, AVATAR_MAX_KB);
}
