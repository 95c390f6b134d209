import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { LinkButton } from '../../components/link-button';

/**
 * What a signed-in member comes back for, one click away in the header: Upload and My Photos. On
 * narrower desktops only their icons show (each keeps its name for screen readers and a tooltip).
 */
export function MemberShortcuts() {
  return (
    <nav className="member-shortcuts" aria-label="Your photos">
      <LinkButton to="/upload" type="primary" icon={<UploadOutlined aria-hidden="true" />} className="member-shortcut" title="Upload a photo">
        <span className="member-shortcut__label">Upload</span>
      </LinkButton>
      <LinkButton to="/my-photos" type="text" icon={<PictureOutlined aria-hidden="true" />} className="member-shortcut" title="My Photos">
        <span className="member-shortcut__label">My Photos</span>
      </LinkButton>
    </nav>
  );
}
