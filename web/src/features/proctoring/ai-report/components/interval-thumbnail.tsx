import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchBlob } from '../../../../shared/api';

/** A thumbnail the API serves only with the token: fetched as a blob and shown from an object URL. */
export function IntervalThumbnail({ url, alt }: { url: string; alt: string }) {
  const blob = useQuery({
    queryKey: ['ai-report-thumbnail', url],
    queryFn: ({ signal }) => fetchBlob(url, signal),
    staleTime: Infinity,
    meta: { errorToast: false },
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  if (!src) return <Skeleton width={120} height={90} radius="sm" />;
  return <img src={src} alt={alt} width={120} height={90} style={{ borderRadius: 4, objectFit: 'cover' }} />;
}
