import { AspectRatio } from '@mantine/core';

/** The sandbox the server gives kept frames (lib/rich-text.ts): players work, the frame cannot navigate this page. */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation';

/** A video player of an approved embed host (videoEmbedUrl), 16:9. */
export function VideoEmbed(props: { src: string; title: string }) {
  return (
    <AspectRatio ratio={16 / 9} maw={720}>
      <iframe
        src={props.src}
        title={`Video: ${props.title}`}
        sandbox={FRAME_SANDBOX}
        allow="fullscreen; picture-in-picture"
        style={{ border: 0 }}
        loading="lazy"
      />
    </AspectRatio>
  );
}
