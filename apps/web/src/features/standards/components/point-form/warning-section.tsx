import { WARNING_CONDITIONS, WARNING_GRADES, WARNING_MODE_LABELS, type WarningMode } from '@eduqa/contract';
import { Col, Divider, Form, Row, Select } from 'antd';
import { CONFIG_DEPENDENCIES, configRule, optionsOf, type ValueSettings } from './point-form-rules.ts';
import { ValueInput } from './value-input.tsx';

/** 预警: the mode, and for it the condition (by result) and the value or grade that warns. */
export function WarningSection({
  warningMode,
  values,
}: {
  warningMode: WarningMode | null | undefined;
  values: ValueSettings;
}) {
  return (
    <>
      <Divider titlePlacement="start">预警</Divider>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="warningMode"
            label="预警方式"
            dependencies={CONFIG_DEPENDENCIES}
            rules={[configRule('warningMode')]}
          >
            <Select allowClear placeholder="不预警" options={optionsOf(WARNING_MODE_LABELS)} />
          </Form.Item>
        </Col>
        {warningMode === 'result' ? (
          <Col span={8}>
            <Form.Item
              name="warningCondition"
              label="预警条件"
              dependencies={CONFIG_DEPENDENCIES}
              rules={[configRule('warningCondition')]}
            >
              <Select
                placeholder="请选择"
                options={WARNING_CONDITIONS.map((c) => ({ value: c, label: `结果值 ${c} 预警值` }))}
              />
            </Form.Item>
          </Col>
        ) : null}
        {warningMode ? (
          <Col span={8}>
            <Form.Item
              name="warningValue"
              label={warningMode === 'level' ? '预警等级' : '预警值'}
              dependencies={CONFIG_DEPENDENCIES}
              rules={[configRule('warningValue')]}
            >
              <ValueInput
                choices={warningMode === 'level' ? WARNING_GRADES : values.choices}
                suffix={values.suffix}
                placeholder={warningMode === 'level' ? '请选择预警等级' : '请输入预警值'}
              />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
    </>
  );
}
