import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { content as contentText } from '../../../i18n/zh-CN/content';

const t = contentText.docs;

/**
 * Compiled Markdown (from our own build, never user input): internal links navigate inside the
 * app, code blocks get a copy button, images open enlarged.
 */
export function Article({ html, className = 'prose' }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [zoomed, setZoomed] = useState<{ src: string; alt: string } | null>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    for (const pre of root.querySelectorAll<HTMLPreElement>('pre')) {
      if (pre.parentElement?.classList.contains('code-block')) continue;
      const wrapper = document.createElement('div');
      wrapper.className = 'code-block';
      pre.replaceWith(wrapper);
      wrapper.append(pre);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'code-block__copy';
      button.textContent = t.copy;
      button.addEventListener('click', () => {
        navigator.clipboard.writeText(pre.innerText).then(
          () => {
            button.textContent = t.copied;
            window.setTimeout(() => (button.textContent = t.copy), 1500);
          },
          () => (button.textContent = t.copyFailed),
        );
      });
      wrapper.append(button);
    }
  }, [html]);

  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const image = target.closest<HTMLImageElement>('img[data-zoomable]');
    if (image) {
      setZoomed({ src: image.currentSrc || image.src, alt: image.alt });
      return;
    }
    const link = target.closest<HTMLAnchorElement>('a[href]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || link.target) return;
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      void navigate(href);
    } else if (href.startsWith('#')) {
      event.preventDefault();
      document.getElementById(decodeURIComponent(href.slice(1)))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      history.replaceState(history.state, '', href);
    }
  };

  return (
    <>
      <div ref={ref} className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      {zoomed && (
        <div className="image-zoom" role="dialog" aria-modal="true" aria-label={zoomed.alt || t.zoomClose} onClick={() => setZoomed(null)} onKeyDown={(e) => e.key === 'Escape' && setZoomed(null)}>
          <img src={zoomed.src} alt={zoomed.alt} />
          <button type="button" className="image-zoom__close" autoFocus onClick={() => setZoomed(null)}>
            {t.zoomClose}
          </button>
        </div>
      )}
    </>
  );
}
