import { SpeciesInputSchema, type SpeciesTextField } from '@jarog/contracts';
import type { FormRule } from 'antd';
import { AutoComplete, Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { required, zodRule } from '../../lib/form-rules';
import { useSpeciesOptions } from './species.api';
import { CITES_OPTIONS, IUCN_OPTIONS, RESIDENCY_OPTIONS, SPECIES_FIELD_LABELS } from './species-fields';

const shape = SpeciesInputSchema.shape;

/** The rules of a text field: the contracts schema's own (length limits), the same words as the API. */
const rulesOf = (field: SpeciesTextField): FormRule[] =>
  field === 'englishName'
    ? [required('English name is required!'), zodRule(shape.englishName)]
    : [zodRule(shape[field])];

function Field({ name, children, wide }: { name: SpeciesTextField; children: ReactNode; wide?: boolean }) {
  return (
    <Col xs={24} md={wide ? 24 : 12}>
      <Form.Item name={name} label={SPECIES_FIELD_LABELS[name]} rules={rulesOf(name)}>
        {children}
      </Form.Item>
    </Col>
  );
}

/** Suggestions from the values the catalogue already holds, filtered by what is typed; anything may be typed. */
function Suggest({ values, id, ...rest }: { values: string[]; id?: string; value?: string | null }) {
  return (
    <AutoComplete
      {...rest}
      id={id}
      allowClear
      options={values.map((v) => ({ value: v }))}
      showSearch={{
        filterOption: (input, option) =>
          String(option?.value ?? '')
            .toLowerCase()
            .includes(input.trim().toLowerCase()),
      }}
    />
  );
}

/** 'General Info': every species field, for add and edit alike. */
export function SpeciesFormFields() {
  const options = useSpeciesOptions();
  const text = (placeholder?: string) => <Input autoComplete="off" placeholder={placeholder} />;
  return (
    <>
      <Row gutter={16}>
        <Field name="englishName">{text('e.g. Black-necked Crane')}</Field>
        <Field name="scientificName">{text('e.g. Grus nigricollis')}</Field>
        <Field name="authority">{text('e.g. Przevalski, 1876')}</Field>
        <Col xs={24} md={12}>
          <Form.Item
            name="observations"
            label={SPECIES_FIELD_LABELS.observations}
            rules={[zodRule(shape.observations)]}
          >
            <InputNumber min={0} precision={0} className="species-form__number" placeholder="0" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        Taxonomy
      </Divider>
      <Row gutter={16}>
        <Field name="order">
          <Suggest values={options.orders} />
        </Field>
        <Field name="familyName">
          <Suggest values={options.families} />
        </Field>
        <Field name="genus">
          <Suggest values={options.genuses} />
        </Field>
        <Field name="species">{text()}</Field>
        <Field name="group">
          <Suggest values={options.groups} />
        </Field>
      </Row>
      <Divider titlePlacement="start" plain>
        Local names
      </Divider>
      <Row gutter={16}>
        <Field name="dzongkhaName">{text()}</Field>
        <Field name="lhoName">{text()}</Field>
        <Field name="sharName">{text()}</Field>
        <Field name="khengName">{text()}</Field>
      </Row>
      <Divider titlePlacement="start" plain>
        Status
      </Divider>
      <Row gutter={16}>
        <Field name="iucnStatus">
          <Select allowClear options={IUCN_OPTIONS} placeholder="Choose a status" />
        </Field>
        <Field name="citesAppendix">
          <Select allowClear options={CITES_OPTIONS} placeholder="Choose an appendix" />
        </Field>
        <Field name="residency">
          <Select allowClear options={RESIDENCY_OPTIONS} placeholder="Choose a residency" />
        </Field>
        <Field name="bhutanSchedule">{text()}</Field>
      </Row>
      <Divider titlePlacement="start" plain>
        Habitat and description
      </Divider>
      <Row gutter={16}>
        <Field name="habitat" wide>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Field>
        <Field name="description" wide>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} />
        </Field>
      </Row>
    </>
  );
}
