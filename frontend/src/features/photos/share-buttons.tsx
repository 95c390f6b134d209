import { FacebookFilled, LinkedinFilled, LinkOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { notify, NOTICES } from '../../app/notify';
import { facebookShareUrl, linkedInShareUrl, photoPageUrl } from './share';

interface ShareButtonsProps {
  photo: { slug: string; title: string };
}

function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Facebook, LinkedIn, Copy Link, and the system share sheet where the browser has one. */
export function ShareButtons({ photo }: ShareButtonsProps) {
  const pageUrl = photoPageUrl(window.location.origin, photo);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(pageUrl);
      notify.success(NOTICES.linkCopied);
    } catch {
      notify.error(NOTICES.copyFailed, NOTICES.copyFailedDescription);
    }
  };

  const shareNatively = async () => {
    try {
      await navigator.share({ title: photo.title, url: pageUrl });
    } catch {
      // Closing the share sheet rejects too; there is nothing to report.
    }
  };

  return (
    <div className="share-buttons" role="group" aria-label="Share this photo">
      <Button
        href={facebookShareUrl(pageUrl)}
        target="_blank"
        rel="noopener noreferrer"
        icon={<FacebookFilled />}
        aria-label="Share on Facebook (opens in a new tab)"
      >
        Facebook
      </Button>
      <Button
        href={linkedInShareUrl(pageUrl)}
        target="_blank"
        rel="noopener noreferrer"
        icon={<LinkedinFilled />}
        aria-label="Share on LinkedIn (opens in a new tab)"
      >
        LinkedIn
      </Button>
      <Button icon={<LinkOutlined />} onClick={() => void copyLink()}>
        Copy Link
      </Button>
      {canShareNatively() && (
        <Button icon={<ShareAltOutlined />} onClick={() => void shareNatively()}>
          Share
        </Button>
      )}
    </div>
  );
}
