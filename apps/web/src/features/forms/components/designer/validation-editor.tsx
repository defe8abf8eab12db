import {
  FORM_MESSAGES,
  type FormField,
  isValidPattern,
  VALIDATION_LABELS,
  type ValidationRule,
} from '@eduqa/contract';
import { Checkbox, Form, Input } from 'antd';

type CustomRule = Extract<ValidationRule, { type: 'custom' }>;

/** The rules in the contract's order: 必填, 唯一, then the custom pattern. */
function withRule(
  rules: readonly ValidationRule[],
  type: ValidationRule['type'],
  rule: ValidationRule | null,
) {
  const others = rules.filter((r) => r.type !== type);
  const next = rule ? [...others, rule] : others;
  const order: ValidationRule['type'][] = ['require', 'unique', 'custom'];
  return next.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}

/** 校验: 必填, 唯一 and 自定义 (a pattern and its message), the pattern's validity shown as it is typed. */
export function ValidationEditor({
  field,
  isDisabled,
  onChange,
}: {
  field: FormField;
  isDisabled: boolean;
  onChange: (validations: ValidationRule[], mergeKey?: string) => void;
}) {
  const rules = field.validations;
  const custom = rules.find((r): r is CustomRule => r.type === 'custom');
  const toggle = (type: 'require' | 'unique', isOn: boolean) =>
    onChange(withRule(rules, type, isOn ? { type } : null));
  const setCustom = (patch: Partial<CustomRule>, mergeKey: string) =>
    onChange(
      withRule(rules, 'custom', { type: 'custom', pattern: '', message: '', ...custom, ...patch }),
      mergeKey,
    );
  const patternProblem = custom && !isValidPattern(custom.pattern) ? FORM_MESSAGES.badPattern : null;

  return (
    <Form.Item label="校验">
      <Checkbox
        disabled={isDisabled}
        checked={rules.some((r) => r.type === 'require')}
        onChange={(e) => toggle('require', e.target.checked)}
      >
        {VALIDATION_LABELS.require}
      </Checkbox>
      <Checkbox
        disabled={isDisabled}
        checked={rules.some((r) => r.type === 'unique')}
        onChange={(e) => toggle('unique', e.target.checked)}
      >
        {VALIDATION_LABELS.unique}
      </Checkbox>
      <Checkbox
        disabled={isDisabled}
        checked={custom !== undefined}
        onChange={(e) =>
          onChange(
            withRule(rules, 'custom', e.target.checked ? { type: 'custom', pattern: '', message: '' } : null),
          )
        }
      >
        {VALIDATION_LABELS.custom}
      </Checkbox>
      {custom ? (
        <div style={{ marginTop: 8 }}>
          <Form.Item
            label="正则表达式"
            htmlFor="field-custom-pattern"
            validateStatus={patternProblem ? 'error' : custom.pattern ? 'success' : undefined}
            help={patternProblem ?? (custom.pattern ? '表达式有效' : '例如 ^\\d{6}$')}
          >
            <Input
              id="field-custom-pattern"
              disabled={isDisabled}
              value={custom.pattern}
              maxLength={200}
              onChange={(e) => setCustom({ pattern: e.target.value }, 'custom.pattern')}
            />
          </Form.Item>
          <Form.Item label="不匹配时的提示" htmlFor="field-custom-message">
            <Input
              id="field-custom-message"
              disabled={isDisabled}
              value={custom.message}
              maxLength={60}
              onChange={(e) => setCustom({ message: e.target.value }, 'custom.message')}
            />
          </Form.Item>
        </div>
      ) : null}
    </Form.Item>
  );
}
