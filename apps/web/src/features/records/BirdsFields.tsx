import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { BIRD_NAME_MAX, birdCountField, MAX_ENTRIES_PER_REQUEST, REMARKS_MAX } from '@jarog/contracts';
import { Button, Col, Form, Input, InputNumber, Row } from 'antd';
import { required, zodRule } from '../../lib/form-rules';
import { BirdNameInput } from './BirdNameInput';
import { BirdPhotoPicker } from './BirdPhotoPicker';

const countRule = (label: string) => zodRule(birdCountField(label));

/** The birds of the checklist, one block each: name, counts, remarks and a photo with its preview. */
export function BirdsFields() {
  return (
    <Form.List
      name="birds"
      rules={[
        {
          validator: async (_rule, birds: unknown[] | undefined) => {
            if (!birds || birds.length === 0) throw new Error('Add at least one bird');
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div className="records-birds-form">
          {fields.map((field, index) => (
            <fieldset key={field.key} className="records-bird" aria-label={`Bird ${index + 1}`}>
              <div className="records-bird__head">
                <legend>Bird {index + 1}</legend>
                {fields.length > 1 && (
                  <Button
                    type="text"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={`Remove bird ${index + 1}`}
                  >
                    Remove
                  </Button>
                )}
              </div>
              <Row gutter={12}>
                <Col xs={24} lg={12}>
                  <Form.Item
                    name={[field.name, 'birdName']}
                    label="Bird name"
                    rules={[
                      required('Bird name is required'),
                      { min: 2, message: 'Bird name must be at least 2 characters' },
                      { max: BIRD_NAME_MAX },
                    ]}
                  >
                    <BirdNameInput />
                  </Form.Item>
                </Col>
                <Col xs={8} lg={4}>
                  <Form.Item name={[field.name, 'adult']} label="Adults" rules={[countRule('Adults')]}>
                    <InputNumber className="records-form__number" min={0} precision={0} placeholder="0" />
                  </Form.Item>
                </Col>
                <Col xs={8} lg={4}>
                  <Form.Item
                    name={[field.name, 'juvenile']}
                    label="Juveniles"
                    rules={[countRule('Juveniles')]}
                  >
                    <InputNumber className="records-form__number" min={0} precision={0} placeholder="0" />
                  </Form.Item>
                </Col>
                <Col xs={8} lg={4}>
                  <Form.Item
                    name={[field.name, 'total']}
                    label="Total"
                    rules={[countRule('Total')]}
                    tooltip="Left empty, the total is adults + juveniles. It may be larger when the age of some birds was not told."
                  >
                    <InputNumber className="records-form__number" min={0} precision={0} placeholder="auto" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={14}>
                  <Form.Item name={[field.name, 'remarks']} label="Remarks">
                    <Input.TextArea
                      rows={3}
                      maxLength={REMARKS_MAX}
                      placeholder="Behaviour, habitat, how it was identified"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={10}>
                  <Form.Item
                    name={[field.name, 'photo']}
                    label="Photo"
                    valuePropName="fileList"
                    getValueFromEvent={(e: { fileList: unknown[] }) => e.fileList}
                  >
                    <BirdPhotoPicker />
                  </Form.Item>
                </Col>
              </Row>
            </fieldset>
          ))}
          <Form.ErrorList errors={errors} />
          {fields.length < MAX_ENTRIES_PER_REQUEST && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block>
              Add another bird
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
