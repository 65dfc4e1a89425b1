import { describe, expect, it } from 'vitest';
import {
  entriesOfKind,
  hasThumbnail,
  isBrowserImage,
  isPlayableAudio,
  isPlayableVideo,
  viewerKindOf,
} from './viewer-kind';

const file = (extendName: string, isDir: 0 | 1 = 0) => ({ isDir, extendName });

describe('viewerKindOf', () => {
  it('picks the viewer by extension, case-insensitively', () => {
    expect(viewerKindOf(file('PNG'))).toBe('image');
    expect(viewerKindOf(file('svg'))).toBe('image');
    expect(viewerKindOf(file('mp4'))).toBe('video');
    expect(viewerKindOf(file('avi'))).toBe('video');
    expect(viewerKindOf(file('flac'))).toBe('audio');
    expect(viewerKindOf(file('pdf'))).toBe('pdf');
    for (const ext of ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx']) expect(viewerKindOf(file(ext))).toBe('office');
  });

  it('has no viewer for folders, code, archives or unknown types', () => {
    expect(viewerKindOf(file('png', 1))).toBeNull();
    expect(viewerKindOf(file('md'))).toBeNull();
    expect(viewerKindOf(file('zip'))).toBeNull();
    expect(viewerKindOf(file(''))).toBeNull();
  });
});

describe('what the browser can show', () => {
  it('plays mp4 and webm, not the other video types', () => {
    expect(isPlayableVideo('MP4')).toBe(true);
    expect(isPlayableVideo('webm')).toBe(true);
    for (const ext of ['avi', 'mpg', 'mov', 'swf', 'mkv']) expect(isPlayableVideo(ext)).toBe(false);
  });

  it('asks the media element about audio types', () => {
    const chromium = (type: string) => (type === 'audio/mpeg' || type === 'audio/flac' ? 'probably' : '');
    expect(isPlayableAudio('mp3', chromium)).toBe(true);
    expect(isPlayableAudio('FLAC', chromium)).toBe(true);
    expect(isPlayableAudio('aac', chromium)).toBe(false);
    expect(isPlayableAudio('wma', () => 'probably')).toBe(false);
  });

  it('draws common images itself and leaves TIFF to the thumbnail', () => {
    expect(isBrowserImage('bmp')).toBe(true);
    expect(isBrowserImage('tif')).toBe(false);
  });

  it('expects thumbnails for images and mp4 with content', () => {
    expect(hasThumbnail({ isDir: 0, extendName: 'jpg', fileSize: 10 })).toBe(true);
    expect(hasThumbnail({ isDir: 0, extendName: 'mp4', fileSize: 10 })).toBe(true);
    expect(hasThumbnail({ isDir: 0, extendName: 'avi', fileSize: 10 })).toBe(false);
    expect(hasThumbnail({ isDir: 0, extendName: 'png', fileSize: 0 })).toBe(false);
  });
});

describe('entriesOfKind', () => {
  it('keeps the list order and only one kind', () => {
    const list = [file('png'), file('mp3'), file('jpg'), file('png', 1)];
    expect(entriesOfKind(list, 'image')).toEqual([file('png'), file('jpg')]);
  });
});
