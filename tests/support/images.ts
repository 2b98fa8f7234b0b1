import { crc32 } from "node:zlib";
import sharp from "sharp";

export type FixtureFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "tiff";

/** A small image: the left half red, the right half blue, so a rotation shows in its pixels. */
export async function twoColourImage(
  format: FixtureFormat,
  width = 64,
  height = 32,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) raw[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A phone's photo as it leaves the phone: taken sideways (EXIF orientation 6: turn it a
 * quarter clockwise to view it), with its place (GPS), the camera's serial number, XMP and a
 * Display P3 colour profile.
 */
export async function phonePhoto(): Promise<Buffer> {
  const photo = await twoColourImage("png");
  return sharp(photo)
    .jpeg({ quality: 95 })
    .withIccProfile("p3")
    .withExif({
      IFD0: { Make: "Kalima Phone", Model: "KP-1" },
      IFD2: { BodySerialNumber: "SN-4417-2209" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "33/1 53/1 2/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "35/1 30/1 7/1",
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="33,53.03N"/>' +
        "</rdf:RDF></x:xmpmeta>",
    )
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The tags of an EXIF block's first directory (IFD0); 0x8825 points at the GPS directory. */
export function exifTags(exif: Buffer): number[] {
  const base = exif.toString("latin1", 0, 6) === "Exif\0\0" ? 6 : 0;
  const little = exif.toString("latin1", base, base + 2) === "II";
  const read16 = (at: number) =>
    little ? exif.readUInt16LE(base + at) : exif.readUInt16BE(base + at);
  const read32 = (at: number) =>
    little ? exif.readUInt32LE(base + at) : exif.readUInt32BE(base + at);
  const directory = read32(4);
  return Array.from({ length: read16(directory) }, (_, index) =>
    read16(directory + 2 + index * 12),
  );
}

/** The markers of a JPEG's segments before its image data (0xe1 is EXIF or XMP, 0xe2 ICC). */
export function jpegMarkers(jpeg: Buffer): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] as number;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return markers;
}

/** The same JPEG with another size in its frame header: what a crafted bomb declares. */
export function withJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  let at = 2;
  while (at + 9 <= copy.length && copy[at] === 0xff) {
    const marker = copy[at + 1] as number;
    if (marker >= 0xc0 && marker <= 0xc2) {
      copy.writeUInt16BE(height, at + 5);
      copy.writeUInt16BE(width, at + 7);
      return copy;
    }
    at += 2 + copy.readUInt16BE(at + 2);
  }
  throw new Error("no frame header in the JPEG");
}

/** The same PNG with another size in its header (and the header's checksum made good). */
export function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}
