import { Button, Form } from 'antd';
import { serverMessage } from '../../api/server-message';
import { notify } from '../../app/notify';
import type { PhotoDetail } from '../photos/types';
import { useUpdatePhotoNatureMutation } from './api';
import { NatureFormItems } from './nature-fields';
import type { NatureValues } from './nature-fields';

/** The owner changes the species, labels and place privacy of a photo (photo page, My Photos dialog). */
export function NatureEditor({ photo }: { photo: PhotoDetail }) {
  const [form] = Form.useForm<NatureValues>();
  const [update, { isLoading }] = useUpdatePhotoNatureMutation();
  const initial: NatureValues = { species: photo.species?.commonName ?? '', labels: photo.labels, placePrivacy: photo.placePrivacy ?? 'open' };

  const save = async (values: NatureValues) => {
    try {
      const species = values.species?.trim() ?? '';
      await update({ id: photo.id, species: species || null, labels: values.labels ?? [], ...(photo.exactPlace ? { placePrivacy: values.placePrivacy } : {}) }).unwrap();
      notify.success('Photo details updated');
    } catch (error) {
      notify.error('Could not update the photo details', serverMessage(error) ?? 'Check your connection and try again.');
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void save(values)} className="nature-editor" data-testid="nature-editor" aria-label="Species, labels and place">
      <NatureFormItems />
      <div className="form-footer">
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Details
        </Button>
      </div>
    </Form>
  );
}
