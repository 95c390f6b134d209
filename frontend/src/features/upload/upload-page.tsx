import { UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Progress, Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { InputRef } from 'antd';
import { useGetCurrentUserQuery } from '../../api/api';
import { serverMessage } from '../../api/server-message';
import { isApiError } from '../../api/transport-error';
import { notify, NOTICES } from '../../app/notify';
import { palette } from '../../app/theme';
import { LinkButton } from '../../components/link-button';
import { PageHeader } from '../../components/page-header';
import { NATURE_DEFAULTS, NatureFormItems } from '../nature/nature-fields';
import type { NatureValues } from '../nature/nature-fields';
import { PlaceFormItems } from '../nature/place-picker';
import type { PlaceValues } from '../nature/place-picker';
import '../nature/nature.css';
import { useUploadPhotoMutation } from '../photos/api';
import type { UploadCategory, UploadResult } from '../photos/types';
import { useUploadLimits } from '../photos/use-upload-limits';
import { FilePicker } from './file-picker';
import { readImageSize } from './image-size';
import { uploadFailureNotice } from './upload-errors';
import { UploadLimitsCard } from './upload-limits-card';
import { RESULT_DELAY_MS, seasonOf, stepAt, UPLOAD_COMPLETE_MESSAGE, UPLOAD_STEP_INTERVAL_MS } from './upload-progress';
import { UploadResultView } from './upload-result';
import {
  canSubmit,
  checkDimensions,
  checkFile,
  dailyLimitReached,
  DEFAULT_FILE_LIMIT_BYTES,
  DESCRIPTION_MAX,
  descriptionError,
  TITLE_MAX,
  titleError,
} from './upload-validation';
import '../photos/photos.css';
import './upload.css';

interface UploadValues extends NatureValues, PlaceValues {
  title: string;
  description: string;
  category: UploadCategory | 'auto';
}

type Phase = { kind: 'form' } | { kind: 'uploading'; step: number } | { kind: 'complete' } | { kind: 'result'; result: UploadResult };

const TITLE = 'Upload a Photo';
const LEAD =
  'Give your photo a title and a short description, choose one image file, and receive an AI rating out of 10 with written feedback on what works and what to try next.';

const CATEGORY_OPTIONS = [
  { value: 'auto', label: 'Let the AI decide' },
  { value: 'wildlife', label: 'Wildlife' },
  { value: 'landscape', label: 'Landscape' },
] as const;

/** The message to match against the error catalogue: the server's, or the transport's. */
function failureMessage(error: unknown): string | undefined {
  return serverMessage(error) ?? (isApiError(error) ? error.message : undefined);
}

export function UploadPage() {
  const [form] = Form.useForm<UploadValues>();
  const title = Form.useWatch('title', form) ?? '';
  const description = Form.useWatch('description', form) ?? '';
  const { data: user, isLoading: userLoading } = useGetCurrentUserQuery();
  const limitsQuery = useUploadLimits({ poll: true });
  const [upload] = useUploadPhotoMutation();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const resultTimer = useRef<number | undefined>(undefined);
  const titleInput = useRef<InputRef>(null);
  /** Set by 'Upload Another Photo': the fresh form is scrolled to and its Title focused. */
  const [startedOver, setStartedOver] = useState(false);
  const season = seasonOf(new Date());

  const uploading = phase.kind === 'uploading' || phase.kind === 'complete';
  const limitBytes = limitsQuery.data?.fileSizeLimitBytes ?? DEFAULT_FILE_LIMIT_BYTES;

  // The steps advance every 2 s while the request runs (spec, section 4).
  useEffect(() => {
    if (phase.kind !== 'uploading') return undefined;
    const timer = window.setInterval(
      () => setPhase((current) => (current.kind === 'uploading' ? { kind: 'uploading', step: current.step + 1 } : current)),
      UPLOAD_STEP_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [phase.kind]);

  useEffect(() => () => window.clearTimeout(resultTimer.current), []);

  const chooseFile = async (chosen: File) => {
    const problem = checkFile(chosen, limitBytes) ?? checkDimensions(chosen.name, await readImageSize(chosen));
    if (problem) {
      notify.error(problem.title, problem.description);
      return;
    }
    setFile(chosen);
  };

  useEffect(() => {
    if (!startedOver || phase.kind !== 'form') return;
    setStartedOver(false);
    const input = titleInput.current?.input;
    if (!input) return;
    // The result was long: bring the top of the form back into view with its first field ready.
    input.scrollIntoView({ block: 'center' });
    input.focus({ preventScroll: true });
  }, [startedOver, phase.kind]);

  const submit = async (values: UploadValues) => {
    if (!file || uploading) return;
    setPhase({ kind: 'uploading', step: 0 });
    try {
      const result = await upload({
        file,
        title: values.title.trim(),
        description: values.description.trim(),
        ...(values.category === 'auto' ? {} : { category: values.category }),
        species: values.species?.trim() || undefined,
        labels: values.labels ?? [],
        placePrivacy: values.placePrivacy,
        ...(values.lat !== null && values.lat !== undefined && values.lon !== null && values.lon !== undefined ? { place: { lat: values.lat, lon: values.lon } } : {}),
      }).unwrap();
      setPhase({ kind: 'complete' });
      resultTimer.current = window.setTimeout(() => setPhase({ kind: 'result', result }), RESULT_DELAY_MS);
    } catch (error) {
      const notice = uploadFailureNotice(failureMessage(error));
      notify.error(notice.title, notice.description);
      setPhase({ kind: 'form' });
    }
  };

  const startOver = () => {
    form.resetFields();
    setFile(null);
    setPhase({ kind: 'form' });
    setStartedOver(true);
  };

  const isGuest = !userLoading && !user;
  // At the daily limit the form stays shut until tomorrow, instead of failing after a file is sent.
  const limitReached = dailyLimitReached(limitsQuery.data);

  if (phase.kind === 'result') {
    return (
      <div className="upload-page">
        <PageHeader title={TITLE} lead={LEAD} />
        <UploadResultView result={phase.result} isGuest={isGuest} onUploadAnother={startOver} />
      </div>
    );
  }

  const step = phase.kind === 'uploading' ? stepAt(phase.step) : { percent: 100, message: UPLOAD_COMPLETE_MESSAGE };

  return (
    <div className="upload-page">
      <PageHeader title={TITLE} lead={LEAD} />
      {isGuest && (
        <Alert
          className="upload-guest-prompt"
          type="info"
          showIcon
          icon={<UserAddOutlined />}
          title="Uploading as a guest"
          description={
            <div className="upload-guest-prompt__body">
              <p>
                Guests can upload 2 photos a day, and guest photos are deleted after 15 minutes. Sign up free to keep your
                photos, share them in the gallery and upload more.
              </p>
              <LinkButton to="/signup" type="primary">
                Sign Up Free
              </LinkButton>
            </div>
          }
        />
      )}
      {limitReached && (
        <Alert
          className="upload-limit-reached"
          type="warning"
          showIcon
          title={NOTICES.dailyUploadLimitReached}
          description={
            <div className="upload-guest-prompt__body">
              <p>{NOTICES.dailyUploadLimitReachedDescription}</p>
              <LinkButton to={isGuest ? '/signup' : '/pricing'} type="primary">
                {isGuest ? 'Sign Up Free' : 'View Plans'}
              </LinkButton>
            </div>
          }
          data-testid="upload-limit-reached"
        />
      )}
      <div className="upload-layout">
        <UploadLimitsCard limits={limitsQuery.data} isLoading={limitsQuery.isLoading} isError={limitsQuery.isError} />
        <Card className="upload-form-card" title={<h2 className="upload-card__title">Photo Details</h2>}>
          <Form<UploadValues>
            form={form}
            layout="vertical"
            requiredMark
            initialValues={{ title: '', description: '', category: 'auto', ...NATURE_DEFAULTS, lat: null, lon: null }}
            onFinish={(values) => void submit(values)}
            disabled={uploading || limitReached}
          >
            <Form.Item
              label="Title"
              name="title"
              rules={[
                {
                  validator: (_rule, value: string | undefined) => {
                    const problem = titleError(value ?? '');
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                },
              ]}
              required
            >
              <Input ref={titleInput} maxLength={TITLE_MAX} showCount placeholder="e.g. Grey heron at dawn" autoComplete="off" />
            </Form.Item>
            <Form.Item
              label="Description"
              name="description"
              rules={[
                {
                  validator: (_rule, value: string | undefined) => {
                    const problem = descriptionError(value ?? '');
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                },
              ]}
              required
            >
              <Input.TextArea
                maxLength={DESCRIPTION_MAX}
                showCount
                autoSize={{ minRows: 3, maxRows: 8 }}
                placeholder="Where and how you took it, and what you were going for"
              />
            </Form.Item>
            <Form.Item label="Category" name="category">
              <Radio.Group optionType="button" options={CATEGORY_OPTIONS.map((option) => ({ ...option }))} />
            </Form.Item>
            <NatureFormItems />
            <PlaceFormItems legend="Where it was taken, if not from the camera’s GPS (optional)" />
            <Form.Item label="Photo" required>
              <FilePicker file={file} onChoose={(chosen) => void chooseFile(chosen)} disabled={uploading || limitReached} />
            </Form.Item>

            {uploading && (
              <div className="upload-progress" data-testid="upload-progress">
                <Progress
                  percent={step.percent}
                  strokeColor={palette.seasons[season]}
                  status={phase.kind === 'complete' ? 'success' : 'active'}
                  aria-label="Upload progress"
                />
                <p className="upload-progress__message" role="status" aria-live="polite">
                  {step.message}
                </p>
              </div>
            )}

            <div className="upload-form__footer">
              <Button
                type="primary"
                size="large"
                htmlType="submit"
                icon={<UploadOutlined />}
                loading={uploading}
                disabled={limitReached || !canSubmit({ title, description, hasFile: file !== null, uploading })}
              >
                Upload and Analyze
              </Button>
            </div>
          </Form>
        </Card>
      </div>
    </div>
  );
}
