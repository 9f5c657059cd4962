/**
 * Video prompts (issue #20 item 3; spec 2 {hubPath}/video-prompt/{id}; spec 3 Profile question types include
 * video; spec 2 profile section videoAnswers): limits of a prompt and of an answer.
 */
export const VIDEO_PROMPT_LIMITS = {
  questionMax: 300,
  descriptionMax: 1000,
  /** A recorded or uploaded video: the multipart upload is refused above this before it is held. */
  videoMaxMegabytes: 50,
  /** The poster frame the browser captures from the video (a data URL field of the upload). */
  posterMaxBytes: 512 * 1024,
  /** The browser stops recording after this many seconds. */
  recordingMaxSeconds: 60,
} as const;

/** How a video answer was given, as the prompt's page says it. */
export const VIDEO_ANSWER_SOURCE_LABELS = {
  recorded: 'Recorded video',
  uploaded: 'Uploaded video',
  link: 'Video link',
} as const;
