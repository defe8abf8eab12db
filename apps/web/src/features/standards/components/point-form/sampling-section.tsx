import { DISPLAY_MODE_LABELS, POINT_FLAG_LABELS, POINT_FLAGS, SAMPLING_PERIOD_LABELS } from '@eduqa/contract';
import { Checkbox, Col, Divider, Form, InputNumber, Row, Select } from 'antd';
import { optionsOf } from './point-form-rules.ts';

/** 采样与展示 and 标识: periods, display, order and the point's flags. */
export function SamplingSection() {
  return (
    <>
      <Divider titlePlacement="start">采样与展示</Divider>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="samplingPeriod"
            label="采样周期"
            rules={[{ required: true, message: '请选择采样周期' }]}
          >
            <Select options={optionsOf(SAMPLING_PERIOD_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="warningPeriod"
            label="预警周期"
            rules={[{ required: true, message: '请选择预警周期' }]}
          >
            <Select options={optionsOf(SAMPLING_PERIOD_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="displayMode"
            label="展示方式"
            rules={[{ required: true, message: '请选择展示方式' }]}
          >
            <Select options={optionsOf(DISPLAY_MODE_LABELS)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} precision={0} placeholder="留空排在最后" style={{ width: 200 }} />
      </Form.Item>

      <Divider titlePlacement="start">标识</Divider>
      <Form.Item name="flags">
        <Checkbox.Group
          options={POINT_FLAGS.map((flag) => ({ value: flag, label: POINT_FLAG_LABELS[flag] }))}
        />
      </Form.Item>
    </>
  );
}
