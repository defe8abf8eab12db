import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CALC_MODE_LABELS,
  DATA_TYPE_LABELS,
  type DataType,
  DIRECTION_LABELS,
  GRADE_LABELS,
  type Grade,
} from '@eduqa/contract';
import { Button, Checkbox, Col, Divider, Form, Row, Select, Space, Typography } from 'antd';
import { TargetBandPanel } from '../target-band-panel.tsx';
import { CONFIG_DEPENDENCIES, configRule, optionsOf, type ValueSettings } from './point-form-rules.ts';
import { ValueInput } from './value-input.tsx';

interface CalculationSectionProps {
  /** The point being edited (its target band shows), or null for a new one. */
  pointId: string | null;
  dataType: DataType | undefined;
  isLevelMode: boolean;
  allowedGrades: readonly Grade[];
  standardValue: string | undefined;
  values: ValueSettings;
}

const gradeOptions = (grades: readonly Grade[]) =>
  grades.map((g) => ({ value: g, label: `${g} ${GRADE_LABELS[g]}` }));

/** 数值与计算规则: data type, mode, direction, standard value, grades and the value → grade pairs. */
export function CalculationSection(props: CalculationSectionProps) {
  const { pointId, allowedGrades, standardValue, values } = props;
  return (
    <>
      <Divider titlePlacement="start">数值与计算规则</Divider>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="dataType" label="数据类型" rules={[{ required: true, message: '请选择数据类型' }]}>
            <Select options={optionsOf(DATA_TYPE_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="calcMode" label="计算方式" rules={[{ required: true, message: '请选择计算方式' }]}>
            <Select options={optionsOf(CALC_MODE_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="direction"
            label="期望方向"
            rules={[{ required: true, message: '请选择期望方向' }]}
          >
            <Select options={optionsOf(DIRECTION_LABELS)} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="standardValue"
            label="标准值"
            dependencies={CONFIG_DEPENDENCIES}
            rules={[configRule('standardValue')]}
          >
            <ValueInput choices={values.choices} suffix={values.suffix} placeholder="请输入标准值" />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item
            name="grades"
            label="等级"
            dependencies={CONFIG_DEPENDENCIES}
            rules={[configRule('grades')]}
          >
            <Checkbox.Group options={gradeOptions(allowedGrades)} />
          </Form.Item>
        </Col>
      </Row>
      {/* 目标定位: where the peers stand and how past cycles would have fared at the target being typed. */}
      {pointId ? <TargetBandPanel pointId={pointId} proposedTarget={standardValue} /> : null}
      <CalRuleField {...props} />
    </>
  );
}

/** 计算规则 as value → grade pairs (none in level mode), with the rule's message under them. */
function CalRuleField({ dataType, isLevelMode, allowedGrades, values }: CalculationSectionProps) {
  return (
    <>
      {isLevelMode ? (
        <Typography.Paragraph type="secondary">
          计算方式为等级时，结果值即等级，无需计算规则。
        </Typography.Paragraph>
      ) : (
        <Form.Item
          label="计算规则（值 → 等级）"
          extra={
            dataType === 'whether' || dataType === 'have'
              ? '是否、有无类型的值为是/否、有/无，等级为 Y、N'
              : '越大越好：值从大到小，达到该值即得该等级；越小越好：值从小到大'
          }
        >
          <Form.List name="calRule">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Space key={field.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                    <Form.Item name={[field.name, 'value']} noStyle>
                      <ValueInput
                        choices={values.choices}
                        suffix={values.suffix}
                        placeholder={`第${index + 1}项的值`}
                      />
                    </Form.Item>
                    <span>→</span>
                    <Form.Item name={[field.name, 'dxLevel']} noStyle>
                      <Select
                        style={{ width: 120 }}
                        placeholder="等级"
                        options={gradeOptions(allowedGrades)}
                      />
                    </Form.Item>
                    <MinusCircleOutlined aria-label="删除该项" onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ value: '', dxLevel: undefined })}
                >
                  添加一项
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      )}
      {/* The rule's message, re-checked whenever a pair or a setting it depends on changes. */}
      <Form.Item
        name="calRuleCheck"
        dependencies={['calRule', ...CONFIG_DEPENDENCIES]}
        rules={[configRule('calRule')]}
        style={{ marginTop: -16 }}
      >
        <span />
      </Form.Item>
    </>
  );
}
