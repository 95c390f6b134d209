import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { pageWindow } from '../photos/pagination';

interface GalleryPaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** Previous, up to five page buttons, Next (spec, section 9). */
export function GalleryPagination({ page, totalPages, onChange }: GalleryPaginationProps) {
  return (
    <nav className="gallery-pagination" aria-label="Gallery pages">
      <Button icon={<LeftOutlined />} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      <ul className="gallery-pagination__pages">
        {pageWindow(page, totalPages).map((number) => (
          <li key={number}>
            <Button
              type={number === page ? 'primary' : 'default'}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => onChange(number)}
              className="tabular-nums"
            >
              {number}
            </Button>
          </li>
        ))}
      </ul>
      <Button disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        Next <RightOutlined />
      </Button>
    </nav>
  );
}
