import { z } from 'zod';
import { requiredId } from '../platform/text.ts';
import { PORTRAIT_SUBJECTS } from './analysis.enums.ts';
import { PortraitSubjectSchema } from './portraits.schema.ts';
import { PortraitWireSchema } from './portraits.wire.ts';

/**
 * The authority calls of spec 1 §6 ("analysis authority, a screen authority check, target authority and
 * object authority"):
 * - analysis: the portrait menus and cards the caller may open (their grants), and whether he maintains them;
 * - screen check: may the caller open this screen (a screen entry granted to one of his roles);
 * - target: may he see the target band of 目标定位 / set targets;
 * - object: may he see this object's portrait (the subject granted, and the object visible to him).
 */
export const AnalysisAuthorityWireSchema = z.object({
  canManage: z.boolean().describe('可维护画像与大屏（智能分析维护）'),
  subjects: z.array(z.enum(PORTRAIT_SUBJECTS)).describe('有权打开的画像（按层级，顺序同画像对象）'),
  menus: z.array(PortraitWireSchema).describe('有权打开的画像菜单'),
  cards: z.array(PortraitWireSchema).describe('有权查看的画像卡片'),
});
export type AnalysisAuthorityWire = z.infer<typeof AnalysisAuthorityWireSchema>;

export const ScreenCheckQuerySchema = z.object({ id: requiredId('大屏') });

export const TargetAuthorityWireSchema = z.object({
  canSeeBand: z.boolean().describe('可查看同类院校分位带（目标标准菜单或目标标准维护）'),
  canSetTargets: z.boolean().describe('可设置目标（目标标准维护）'),
});
export type TargetAuthority = z.infer<typeof TargetAuthorityWireSchema>;

export const ObjectAuthorityQuerySchema = z.object({
  subject: PortraitSubjectSchema,
  objectId: requiredId('画像对象'),
});
