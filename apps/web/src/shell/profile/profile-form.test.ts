import { AVATAR_MAX_KB, EMAIL_RE, PHONE_RE, QQ_RE } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_ACCEPT,
  AVATAR_TYPE_MESSAGE,
  avatarTooLargeMessage,
  checkAvatarFile,
  hasProfileChanges,
  isValidContact,
  type ProfileValues,
  profileValuesOf,
  trimProfile,
} from './profile-form.ts';

const initial: ProfileValues = { email: 'a@b.cn', phone: '', qq: '12345', sex: '1' };

describe('profileValuesOf', () => {
  it('turns missing contact fields into empty strings', () => {
    expect(profileValuesOf({ email: null, phone: '13800000000', qq: null, sex: null })).toEqual({
      email: '',
      phone: '13800000000',
      qq: '',
      sex: '',
    });
  });
});

describe('trimProfile', () => {
  it('trims every field and fills the missing ones', () => {
    expect(trimProfile({ email: ' a@b.cn ', qq: '\t12345 ' })).toEqual({
      email: 'a@b.cn',
      phone: '',
      qq: '12345',
      sex: '',
    });
  });
});

describe('hasProfileChanges', () => {
  it('is quiet when nothing changed', () => {
    expect(hasProfileChanges(initial, { ...initial }, { kind: 'none' })).toBe(false);
  });
  it('ignores changes that only add spaces', () => {
    expect(hasProfileChanges(initial, { ...initial, qq: ' 12345 ' }, { kind: 'none' })).toBe(false);
  });
  it('arms the guard for a changed field', () => {
    expect(hasProfileChanges(initial, { ...initial, qq: '54321' }, { kind: 'none' })).toBe(true);
    expect(hasProfileChanges(initial, { ...initial, phone: '13800000000' }, { kind: 'none' })).toBe(true);
  });
  it('arms the guard for a changed gender', () => {
    expect(hasProfileChanges(initial, { ...initial, sex: '2' }, { kind: 'none' })).toBe(true);
  });
  it('arms the guard for a chosen or restored avatar', () => {
    expect(hasProfileChanges(initial, initial, { kind: 'default' })).toBe(true);
    const file = new File([new Uint8Array(3)], 'a.png', { type: 'image/png' });
    expect(hasProfileChanges(initial, initial, { kind: 'file', file })).toBe(true);
  });
});

describe('isValidContact', () => {
  it('accepts an empty value: every contact field is optional', () => {
    expect(isValidContact(undefined, EMAIL_RE)).toBe(true);
    expect(isValidContact('   ', QQ_RE)).toBe(true);
  });
  it('checks the trimmed value', () => {
    expect(isValidContact(' wang@school.edu.cn ', EMAIL_RE)).toBe(true);
    expect(isValidContact('wang@', EMAIL_RE)).toBe(false);
    expect(isValidContact('0571-88881234', PHONE_RE)).toBe(true);
    expect(isValidContact('12345', PHONE_RE)).toBe(false);
    expect(isValidContact('0123456', QQ_RE)).toBe(false);
  });
});

describe('checkAvatarFile', () => {
  it('accepts the six avatar types whatever the case', () => {
    for (const name of ['a.gif', 'a.jpg', 'a.JPEG', 'a.png', 'a.bmp', 'a.webp']) {
      expect(checkAvatarFile({ name, size: 10 })).toBeNull();
    }
  });
  it('rejects other types with the spec message', () => {
    expect(AVATAR_TYPE_MESSAGE).toBe('只能上传gif,jpg,jpeg,png,bmp,webp的文件');
    expect(checkAvatarFile({ name: 'a.svg', size: 10 })).toBe(AVATAR_TYPE_MESSAGE);
    expect(checkAvatarFile({ name: 'png', size: 10 })).toBe(AVATAR_TYPE_MESSAGE);
  });
  it('rejects an empty file', () => {
    expect(checkAvatarFile({ name: 'a.png', size: 0 })).toBe('文件为空');
  });
  it('offers only the allowed types in the picker', () => {
    expect(AVATAR_ACCEPT).toBe('.gif,.jpg,.jpeg,.png,.bmp,.webp');
  });
});

describe('avatarTooLargeMessage', () => {
  it('names the file and the limit in MB', () => {
    expect(avatarTooLargeMessage('big.bmp')).toBe(`'big.bmp'文件大小超过${AVATAR_MAX_KB / 1024}MB`);
  });
});
