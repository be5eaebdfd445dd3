# The Discord bot. Build: docker build -t agot-bot .   Run: docker run --env-file .env -v agot-data:/data agot-bot
FROM python:3.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --create-home --uid 10001 agot && mkdir /data && chown agot /data
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY --chown=agot . .
USER agot
ENV AGOT_DB_PATH=/data/agot.sqlite3 PYTHONUNBUFFERED=1
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
