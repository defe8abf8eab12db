import { z } from 'zod';

/** One pair of a grading rule (`calRule` / `jsgz`): reaching `value` earns grade `dxLevel`. */
export const CalRuleItemSchema = z.object({
  value: z.string().trim().min(1).max(32).describe('阈值'),
  dxLevel: z.string().trim().min(1).max(8).describe('等级'),
});
export type CalRuleItem = z.infer<typeof CalRuleItemSchema>;
