# Minimal image; the bot entry point arrives with the Discord issue. For now it runs the offline demo.
FROM python:3.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
CMD ["python", "-m", "engine.simulate", "--players", "6", "--games", "1"]
