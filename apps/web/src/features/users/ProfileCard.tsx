import { CameraOutlined } from '@ant-design/icons';
import { UpdateProfileBodySchema } from '@jarog/contracts';
import { Alert, Avatar, Button, Card, Form, Input, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import { resolveAssetUrl } from '../../app/runtime-config';
import defaultAvatar from '../../assets/default-avatar.svg';
import { type ApiError, errorMessage } from '../../lib/api-error';
import { required, zodRule } from '../../lib/form-rules';
import { readAsDataUrl } from './crop-image';
import { PhotoCropModal } from './PhotoCropModal';
import { profileSaveRefusal } from './profile-rules';
import { useUpdateProfileMutation } from './users.api';

interface ProfileForm {
  name: string;
  email: string;
}

type Outcome = { type: 'success' | 'error'; text: string };
const fields = UpdateProfileBodySchema.shape;

/** Edit own name, email and photo. The photo is cropped to a centred square and sent as a JPEG. */
export function ProfileCard() {
  const user = useCurrentUser();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [picked, setPicked] = useState<string | null>(null);
  const [photo, setPhoto] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onFinish = async (values: ProfileForm) => {
    setOutcome(null);
    const refusal = profileSaveRefusal(user);
    if (refusal) {
      setOutcome({ type: 'error', text: refusal });
      return;
    }
    try {
      const { message } = await updateProfile({ id: user.id, body: { ...values, photo } }).unwrap();
      setPhoto('');
      setOutcome({ type: 'success', text: message });
    } catch (err) {
      setOutcome({ type: 'error', text: errorMessage(err as ApiError) });
    }
  };

  const pick = async (file: File) => {
    setOutcome(null);
    if (!file.type.startsWith('image/')) {
      setOutcome({ type: 'error', text: 'Please choose an image file' });
      return;
    }
    try {
      setPicked(await readAsDataUrl(file));
    } catch {
      setOutcome({ type: 'error', text: 'The picture could not be read' });
    }
  };

  return (
    <Card title="Profile" className="settings-card">
      <div className="profile-editor">
        <div className="profile-editor__photo">
          <Avatar
            size={104}
            src={photo || resolveAssetUrl(user.profile, defaultAvatar)}
            alt="Profile photo"
            data-testid="profile-photo"
          />
          <Upload
            accept="image/*"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void pick(file);
              return false;
            }}
          >
            <Button icon={<CameraOutlined />} disabled={isLoading}>
              Change photo
            </Button>
          </Upload>
          {photo && (
            <Typography.Text type="secondary" className="profile-editor__hint">
              New photo: press Save Changes to keep it
            </Typography.Text>
          )}
        </div>
        <Form<ProfileForm>
          layout="vertical"
          className="profile-editor__form"
          initialValues={{ name: user.name, email: user.email }}
          onFinish={onFinish}
          requiredMark={false}
          noValidate
          disabled={isLoading}
        >
          {outcome && (
            <Alert
              type={outcome.type}
              showIcon
              title={outcome.text}
              className="form-alert"
              role={outcome.type === 'error' ? 'alert' : 'status'}
            />
          )}
          <Form.Item name="name" label="Name" rules={[required('Name is required'), zodRule(fields.name)]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="email"
            label="Email"
            rules={[required('Email is required'), zodRule(fields.email)]}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={isLoading} loading={isLoading}>
            {isLoading ? 'Saving...' : 'Save Changes'}
          </Button>
        </Form>
      </div>
      <PhotoCropModal
        src={picked}
        onCancel={() => setPicked(null)}
        onCropped={(jpeg) => {
          setPhoto(jpeg);
          setPicked(null);
        }}
      />
    </Card>
  );
}
